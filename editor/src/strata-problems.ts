/**
 * `<strata-problems>`: every error and warning the language server reports, open file first, each
 * a link to its place in the text.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { formatLoc } from '../../interpreter/format.js';
import { msg } from './messages.js';

/** One problem, with 1-based line and column. */
export interface Problem {
  uri: string;
  file: string;
  line: number;
  col: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

/**
 * @fires reveal - go to a problem (detail: { uri, line, col })
 */
@customElement('strata-problems')
export class StrataProblems extends LitElement {
  static override styles = css`
    :host { display: block; overflow: auto; font-size: 12.5px; }
    ul { list-style: none; margin: 0; padding: 0; }
    li button { display: flex; gap: 8px; width: 100%; border: 0; background: none; padding: 3px 10px; text-align: left; font: inherit; cursor: pointer; color: inherit; }
    li button:hover { background: #eef1f5; }
    .sev { width: 14px; flex: none; font-weight: 700; }
    .error .sev { color: #c62828; }
    .warning .sev { color: #b26b00; }
    .info .sev { color: #2e6bb0; }
    .where { color: #667; flex: none; font-variant-numeric: tabular-nums; }
    .message { white-space: pre-wrap; }
    .none { color: #2e7d32; padding: 6px 10px; }
  `;

  @property({ attribute: false }) problems: Problem[] = [];
  /** The open file, listed first. */
  @property() openUri = '';

  override render() {
    if (this.problems.length === 0) return html`<div class="none">${msg.noProblems()}</div>`;
    const sorted = [...this.problems].sort(
      (a, b) => Number(b.uri === this.openUri) - Number(a.uri === this.openUri) || a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col,
    );
    return html`<ul>${sorted.map((p) => html`
      <li class="problem ${p.severity}" data-line=${p.line}>
        <button @click=${() => this.reveal(p)}>
          <span class="sev">${p.severity === 'error' ? '✕' : p.severity === 'warning' ? '!' : 'i'}</span>
          <span class="where">${formatLoc(p)}</span>
          <span class="message">${p.message}</span>
        </button>
      </li>`)}</ul>`;
  }

  private reveal(p: Problem): void {
    this.dispatchEvent(new CustomEvent('reveal', { detail: { uri: p.uri, line: p.line, col: p.col }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-problems': StrataProblems;
  }
}
