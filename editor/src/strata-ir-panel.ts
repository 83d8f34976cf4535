/**
 * `<strata-ir-panel>`: the open file compiled to IR and checked against the IR's JSON Schema:
 * valid, or each compiler diagnostic (an IR that fails the schema comes back as one); the IR can be downloaded or browsed.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { CompileOutcome } from './compile/compile-protocol.js';
import { formatLoc } from '../../interpreter/format.js';
import { download } from './workspace/file-transfer.js';
import { msg } from './messages.js';

/**
 * @fires reveal - go to a compiler diagnostic (detail: { uri, line, col })
 */
@customElement('strata-ir-panel')
export class StrataIrPanel extends LitElement {
  static override styles = css`
    :host { display: block; overflow: auto; font-size: 12.5px; padding: 6px 10px; }
    .status { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
    .badge { padding: 1px 8px; border-radius: 10px; font-weight: 600; }
    .ok { background: #e3f4e4; color: #1b5e20; }
    .bad { background: #fde7e7; color: #b71c1c; }
    .busy { background: #eef1f5; color: #445; }
    button { font: inherit; font-size: 12px; padding: 2px 8px; border: 1px solid #c5cad3; background: white; border-radius: 4px; cursor: pointer; }
    ul { margin: 6px 0; padding-left: 18px; }
    li { margin: 2px 0; white-space: pre-wrap; }
    a { color: #2e6bb0; cursor: pointer; }
    pre { background: #f3f4f6; padding: 8px; max-height: 40vh; overflow: auto; font-size: 11.5px; }
    .muted { color: #667; }
  `;

  @property({ attribute: false }) outcome: CompileOutcome | null = null;
  @property({ type: Boolean }) compiling = false;
  @state() private showJson = false;

  override render() {
    const o = this.outcome;
    if (!o) return html`<div class="status"><span class="badge busy">${this.compiling ? msg.compiling() : msg.notCompiledYet()}</span></div>`;
    const errors = o.diagnostics.filter((d) => d.severity === 'error');
    const warnings = o.diagnostics.filter((d) => d.severity === 'warning');
    const valid = o.validation?.valid === true;
    return html`
      <div class="status">
        ${o.crash ? html`<span class="badge bad" data-status="crash">${msg.compilerFailed()}</span>`
          : !o.ir ? html`<span class="badge bad" data-status="no-ir">${msg.doesNotCompile(errors.length)}</span>`
          : valid ? html`<span class="badge ok" data-status="valid">${msg.irValid()}</span>`
          : html`<span class="badge bad" data-status="invalid">${msg.irInvalid()}</span>`}
        ${this.compiling ? html`<span class="muted">${msg.compiling()}</span>` : html`<span class="muted">${o.variant ? `variant ${o.variant}` : 'base game'} · ${Math.round(o.ms)} ms</span>`}
        ${o.ir ? html`
          <button data-cmd="download-ir" @click=${this.downloadIr}>Download IR</button>
          <button @click=${() => (this.showJson = !this.showJson)}>${this.showJson ? 'Hide' : 'Show'} JSON</button>` : nothing}
      </div>
      ${o.crash ? html`<pre>${o.crash}</pre>` : nothing}
      ${o.diagnostics.length > 0 ? html`<ul class="diagnostics">${[...errors, ...warnings].map((d) => html`
        <li><a @click=${() => this.reveal(d.file, d.line, d.col)}>${formatLoc(d, fileName(d.file))}</a> ${d.severity}: ${d.message}</li>`)}</ul>` : nothing}
      ${this.showJson && o.ir ? html`<pre>${JSON.stringify(o.ir, null, 2)}</pre>` : nothing}
    `;
  }

  private downloadIr(): void {
    const ir = this.outcome?.ir;
    if (!ir) return;
    const name = `${ir.name}${ir.variant ? `-${ir.variant}` : ''}.ir.json`;
    download(name, JSON.stringify(ir, null, 2), 'application/json');
  }

  private reveal(uri: string, line: number, col: number): void {
    this.dispatchEvent(new CustomEvent('reveal', { detail: { uri, line, col }, bubbles: true, composed: true }));
  }
}

function fileName(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-ir-panel': StrataIrPanel;
  }
}
