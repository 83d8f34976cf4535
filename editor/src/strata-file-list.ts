/**
 * `<strata-file-list>`: the rule files in the workspace, each with the variants it declares (the
 * shipped games and the designer's files, then the gallery under "Examples"), and the file commands: new variant of the open file, new file, import, export, revert, delete.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { WorkspaceFile } from './workspace/workspace.js';
import { msg } from './messages.js';

export interface FileEntry extends WorkspaceFile {
  modified: boolean;
  /** The variants the file declares (as the language server read it). */
  variants: string[];
  /** Errors the language server reports in the file. */
  errors: number;
}

/**
 * @fires open-file - show a file (detail: { uri })
 * @fires select-variant - play a variant declared in a file (detail: { uri, variant })
 * @fires new-variant - start a new variant of the open file (detail: { name })
 * @fires new-file - create an empty rule file (detail: { name })
 * @fires import-files - files picked for import (detail: { files: { name, text }[] })
 * @fires export-file - download the open file
 * @fires revert-file - put a bundled ruleset back to its shipped text (detail: { uri })
 * @fires delete-file - remove one of the designer's files (detail: { uri })
 */
@customElement('strata-file-list')
export class StrataFileList extends LitElement {
  static override styles = css`
    :host { display: flex; flex-direction: column; min-height: 0; background: #fbfbfc; border-right: 1px solid #d8dbe0; font-size: 13px; }
    h2 { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: #667; margin: 12px 12px 4px; }
    ul { list-style: none; margin: 0; padding: 0; overflow: auto; }
    li.file > button { display: flex; width: 100%; gap: 6px; align-items: center; border: 0; background: none; padding: 5px 12px; text-align: left; font: inherit; cursor: pointer; color: inherit; }
    li.file > button:hover { background: #eef1f5; }
    li.file.open > button { background: #dfe8f6; font-weight: 600; }
    .name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .dot { color: #b26b00; font-size: 10px; }
    .errors { background: #c62828; color: white; border-radius: 8px; padding: 0 6px; font-size: 11px; }
    ul.variants li button { border: 0; background: none; font: inherit; cursor: pointer; padding: 2px 12px 2px 28px; color: #3d5a80; width: 100%; text-align: left; }
    ul.variants li button:hover { text-decoration: underline; }
    .actions { display: flex; flex-wrap: wrap; gap: 4px; padding: 8px 12px; border-top: 1px solid #e3e5e8; margin-top: auto; }
    .actions button, form button { font: inherit; font-size: 12px; padding: 3px 8px; border: 1px solid #c5cad3; background: white; border-radius: 4px; cursor: pointer; }
    form { display: flex; flex-direction: column; gap: 4px; padding: 8px 12px; border-top: 1px solid #e3e5e8; }
    form input { font: inherit; padding: 3px 6px; }
    form .row { display: flex; gap: 4px; }
    label.import { font-size: 12px; padding: 3px 8px; border: 1px solid #c5cad3; background: white; border-radius: 4px; cursor: pointer; }
    label.import input { display: none; }
  `;

  @property({ attribute: false }) files: FileEntry[] = [];
  /** The open file's URI. */
  @property() openUri = '';
  /** The variant being played, if any. */
  @property() variant: string | null = null;

  @state() private form: 'variant' | 'file' | null = null;

  override render() {
    const open = this.files.find((f) => f.uri === this.openUri);
    const examples = this.files.filter((f) => f.example);
    return html`
      <h2>Rule files</h2>
      <ul class="files">${this.files.filter((f) => !f.example).map((f) => this.renderFile(f))}</ul>
      ${examples.length > 0 ? html`<h2>Examples</h2>
      <ul class="files examples">${examples.map((f) => this.renderFile(f))}</ul>` : nothing}
      ${this.form ? this.renderForm() : nothing}
      <div class="actions">
        <button data-cmd="new-variant" title="Start a variant of the open ruleset in a new file" ?disabled=${!open} @click=${() => (this.form = 'variant')}>New variant</button>
        <button data-cmd="new-file" @click=${() => (this.form = 'file')}>New file</button>
        <label class="import">Import…<input type="file" accept=".strata,text/plain" multiple @change=${this.onImport} /></label>
        <button data-cmd="export" ?disabled=${!open} @click=${() => this.fire('export-file', {})}>Export</button>
        ${open?.modified ? html`<button data-cmd="revert" @click=${() => this.fire('revert-file', { uri: open.uri })}>Revert</button>` : nothing}
        ${open && open.original === undefined ? html`<button data-cmd="delete" @click=${() => this.confirmDelete(open)}>Delete</button>` : nothing}
      </div>
    `;
  }

  private renderFile(f: FileEntry) {
    const variants = f.variants;
    const isOpen = f.uri === this.openUri;
    return html`
      <li class="file ${isOpen ? 'open' : ''}" data-uri=${f.uri}>
        <button @click=${() => this.fire('open-file', { uri: f.uri })} title=${f.name}>
          <span class="name">${f.name}</span>
          ${f.modified ? html`<span class="dot" title="Changed from the shipped ruleset">●</span>` : nothing}
          ${f.errors > 0 ? html`<span class="errors" title="Errors">${f.errors}</span>` : nothing}
        </button>
        ${variants.length > 0 ? html`<ul class="variants">${variants.map((v) => html`
          <li><button data-variant=${v} title="Play this variant" @click=${() => this.fire('select-variant', { uri: f.uri, variant: v })}>
            ${isOpen && this.variant === v ? '▸ ' : ''}${v}</button></li>`)}</ul>` : nothing}
      </li>
    `;
  }

  private renderForm() {
    const variant = this.form === 'variant';
    return html`
      <form @submit=${this.onSubmit}>
        <label for="name">${variant ? 'Name of the new variant' : 'Name of the new file'}</label>
        <input id="name" name="name" required autofocus placeholder=${variant ? 'House rules' : 'my-game'} />
        <div class="row">
          <button type="submit">Create</button>
          <button type="button" @click=${() => (this.form = null)}>Cancel</button>
        </div>
      </form>
    `;
  }

  private onSubmit(e: SubmitEvent): void {
    e.preventDefault();
    const input = this.renderRoot.querySelector<HTMLInputElement>('#name');
    const name = input?.value.trim();
    if (!name) return;
    this.fire(this.form === 'variant' ? 'new-variant' : 'new-file', { name });
    this.form = null;
  }

  private async onImport(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const files = await Promise.all([...(input.files ?? [])].map(async (f) => ({ name: f.name, text: await f.text() })));
    input.value = '';
    if (files.length > 0) this.fire('import-files', { files });
  }

  private confirmDelete(f: FileEntry): void {
    if (confirm(msg.confirmDelete(f.name))) this.fire('delete-file', { uri: f.uri });
  }

  private fire(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-file-list': StrataFileList;
  }
}
