/**
 * `<strata-handover>`: the screen between two people's turns at one screen (hot-seat). It hides
 * the table until the next player says they are the one looking, so nobody sees another's cards.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { playerColour, playerName } from './piece-style.js';
import { msg } from '../messages.js';

/**
 * @fires handover-done - the player now at the screen confirmed (detail: { player })
 */
@customElement('strata-handover')
export class StrataHandover extends LitElement {
  static override styles = css`
    :host { position: absolute; inset: 0; z-index: 5; display: block; background: #2b3340; color: white; }
    /* Near the top, however tall the covered table is. */
    div { position: sticky; top: 0; text-align: center; padding: 96px 16px; }
    p { font-size: 18px; margin: 0 0 14px; }
    button { font: inherit; font-size: 15px; padding: 8px 18px; border-radius: 6px; border: 0; cursor: pointer; color: white; }
  `;

  @property({ type: Number }) player = 0;

  override render() {
    const name = playerName(this.player);
    return html`<div>
      <p>${msg.passScreen(name)}</p>
      <button style="background:${playerColour(this.player)}" data-cmd="handover" @click=${this.done}>${msg.showMyCards(name)}</button>
    </div>`;
  }

  private done(): void {
    this.dispatchEvent(new CustomEvent('handover-done', { detail: { player: this.player }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-handover': StrataHandover;
  }
}
