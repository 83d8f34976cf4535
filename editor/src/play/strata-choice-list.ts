/**
 * `<strata-choice-list>`: the pending choice as a list: who chooses, the prompt, every option as a
 * button (always, also when the options are drawn on the board), and the actions on offer that are
 * refused now, with the reason their `requires` gives. A long list (`choose n in 0..1000000`) shows
 * its first options as buttons and a field to type any option's label.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Pending } from '../../../interpreter/index.js';
import { playerColour, playerName } from './piece-style.js';

/** The most options shown as buttons; past it, a field takes any label. */
export const MAX_BUTTONS = 200;

/**
 * @fires choose - the designer picked an option (detail: { label })
 */
@customElement('strata-choice-list')
export class StrataChoiceList extends LitElement {
  static override styles = css`
    :host { display: block; font-size: 12.5px; }
    .who { font-weight: 700; }
    .prompt { color: #3a4048; margin-left: 6px; }
    ul { list-style: none; padding: 0; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 4px; }
    button { font: inherit; padding: 3px 10px; border-radius: 14px; border: 1px solid #f0a030; background: #fff6e5; cursor: pointer; }
    button:hover { background: #ffe3a8; }
    button:disabled { cursor: default; opacity: .6; }
    .refused { color: #778; font-size: 11.5px; }
    .refused li { display: block; }
    .waiting { color: #667; font-style: italic; }
  `;

  @property({ attribute: false }) pending: Pending | null = null;
  /** Options may not be clicked (a bot's turn, or hidden behind the hand-over screen). */
  @property({ type: Boolean }) disabled = false;
  @property() note = '';

  override render() {
    const p = this.pending;
    if (!p) return nothing;
    return html`
      <div><span class="who" style="color:${playerColour(p.player)}">${playerName(p.player)}</span>
        <span class="prompt">${p.prompt ?? 'chooses'}</span>
        ${this.note ? html`<span class="waiting">${this.note}</span>` : nothing}</div>
      ${p.labels.length > 0 ? html`<ul class="choices" @keydown=${this.onKey}>${p.labels.slice(0, MAX_BUTTONS).map((label) => html`
        <li><button data-choice=${label} ?disabled=${this.disabled} @click=${() => this.choose(label)}>${label}</button></li>`)}</ul>` : nothing}
      ${p.labels.length > MAX_BUTTONS ? html`<form class="typed" @submit=${this.onTyped}>
        <input name="label" aria-label="option" placeholder=${`any of ${p.labels.length} options, up to ${p.labels[p.labels.length - 1]}`} ?disabled=${this.disabled}>
        <button type="submit" ?disabled=${this.disabled}>Choose</button></form>` : nothing}
      ${p.refused && p.refused.length > 0 ? html`<ul class="refused">${p.refused.map((r) => html`<li>✕ ${r.label}: ${r.reason}</li>`)}</ul>` : nothing}
    `;
  }

  /** Set when an option had the keyboard focus at a choice: the next choice's first option gets it. */
  private keepFocus = false;

  override updated(): void {
    if (!this.keepFocus) return;
    const first = this.options().find((b) => !b.disabled);
    if (first) {
      this.keepFocus = false;
      first.focus();
    }
  }

  private options(): HTMLButtonElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLButtonElement>('ul.choices button')];
  }

  /** Arrow keys move the focus between the options (Enter or Space chooses, as on any button). */
  private onKey(e: KeyboardEvent): void {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const all = this.options();
    const at = all.indexOf(this.renderRoot.querySelector(':focus') ?? (e.target as HTMLButtonElement));
    const next = all[(at + step + all.length) % all.length];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  private onTyped(e: SubmitEvent): void {
    e.preventDefault();
    const input = (e.currentTarget as HTMLFormElement).querySelector('input');
    const label = input?.value.trim() ?? '';
    if (label !== '') this.choose(label);
  }

  private choose(label: string): void {
    this.keepFocus = this.renderRoot.querySelector(':focus') !== null;
    this.dispatchEvent(new CustomEvent('choose', { detail: { label }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-choice-list': StrataChoiceList;
  }
}
