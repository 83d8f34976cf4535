/**
 * `<strata-splitter>`: the bar between two panes, dragged with the mouse, a finger or a pen
 * (pointer events, captured while dragging), or moved with the arrow keys when focused; a double
 * click (or Home) resets it. It only reports where the pointer is; the page decides the widths
 * (and their limits).
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';

/** How far one arrow key moves the splitter (pixels). */
const keyStepPx = 24;

export interface SplitterMove {
  /** The pointer's x in the page (a drag), or undefined (a key). */
  x?: number;
  /** Pixels to the right (a key). */
  by?: number;
}

/**
 * @fires split-move - dragged or moved by a key (detail: SplitterMove)
 * @fires split-reset - double-clicked (or Home pressed): back to the pane's usual width
 */
@customElement('strata-splitter')
export class StrataSplitter extends LitElement {
  static override styles = css`
    :host { display: block; cursor: col-resize; touch-action: none; background: #e3e5e8; position: relative; outline: none; }
    :host(:hover), :host(:focus-visible), :host([dragging]) { background: #9db8dc; }
    /* A wider grip than the visible bar, for fingers. */
    :host::after { content: ''; position: absolute; inset: 0 -5px; }
  `;

  /** What the splitter resizes, for its accessible name. */
  @property() label = '';
  @property({ type: Boolean, reflect: true }) dragging = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.setAttribute('role', 'separator');
    this.setAttribute('aria-orientation', 'vertical');
    this.tabIndex = 0;
    this.addEventListener('pointerdown', this.onDown);
    this.addEventListener('pointermove', this.onMove);
    this.addEventListener('pointerup', this.onUp);
    this.addEventListener('pointercancel', this.onUp);
    this.addEventListener('keydown', this.onKey);
    this.addEventListener('dblclick', () => this.dispatchEvent(new CustomEvent('split-reset', { bubbles: true, composed: true })));
  }

  override render() {
    this.setAttribute('aria-label', this.label);
    return html``;
  }

  private readonly onDown = (e: PointerEvent): void => {
    this.setPointerCapture(e.pointerId);
    this.dragging = true;
    e.preventDefault();
  };

  private readonly onMove = (e: PointerEvent): void => {
    if (this.dragging) this.fire({ x: e.clientX });
  };

  private readonly onUp = (e: PointerEvent): void => {
    if (this.hasPointerCapture(e.pointerId)) this.releasePointerCapture(e.pointerId);
    this.dragging = false;
  };

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Home') this.dispatchEvent(new CustomEvent('split-reset', { bubbles: true, composed: true }));
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    this.fire({ by: e.key === 'ArrowLeft' ? -keyStepPx : keyStepPx });
  };

  private fire(detail: SplitterMove): void {
    this.dispatchEvent(new CustomEvent<SplitterMove>('split-move', { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-splitter': StrataSplitter;
  }
}
