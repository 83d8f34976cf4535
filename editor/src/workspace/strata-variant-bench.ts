/**
 * `<strata-variant-bench>`: the house-rule workbench of the open file. For a variant: the base game's
 * params with their doc comments, base and current values, editable (a change writes the variant's
 * `set` line); the differences from the base; and a button that runs the file's scenarios, each
 * listed (and marked in the editor's gutter by the app) as passed or failed with its message.
 * The base is compiled by the language server (the app passes its `compile`), from the documents
 * it has already built, only while this panel is shown. Param values come from the rules, and
 * scenarios are rules too: both run in game workers of the panel's own (started when first
 * needed), so a slow rule never blocks the page.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GameIR } from '../../../interpreter/ir.js';
import type { CompileOutcome } from '../compile/compile-protocol.js';
import { withSetLine, type ScenarioMark } from './variant-bench.js';
import type { Comparison } from '../play/game-protocol.js';
import { GameClient } from '../play/game-client.js';
import GameWorker from '../play/game-worker.ts?worker';
import { msg } from '../messages.js';

/**
 * @fires set-text - a param's value was edited (detail: { uri, text }: the file's new text)
 * @fires scenario-marks - scenarios ran (detail: { uri, marks: ScenarioMark[] })
 * @fires reveal - a scenario was clicked (detail: { uri, line, col })
 */
@customElement('strata-variant-bench')
export class StrataVariantBench extends LitElement {
  static override styles = css`
    :host { display: block; font-size: 12.5px; padding: 4px 8px; }
    table { border-collapse: collapse; width: 100%; }
    td, th { text-align: left; padding: 2px 6px; vertical-align: top; border-bottom: 1px solid #eceef1; }
    th { font-weight: 600; color: #556; }
    .doc { color: #667; max-width: 420px; }
    input { font: inherit; width: 9em; }
    tr.changed td.name { font-weight: 700; color: #8a4b00; }
    ul { margin: 2px 0; padding-left: 18px; }
    .passed { color: #1f7a3a; }
    .failed { color: #b3261e; cursor: pointer; }
    button { font: inherit; }
    h4 { margin: 8px 0 2px; }
  `;

  @property({ attribute: false }) outcome: CompileOutcome | null = null;
  /** Compiles `variant` (here the base game) of the file `uri`: the app's language client. */
  @property({ attribute: false }) compile: ((uri: string, variant: string) => Promise<CompileOutcome | null>) | null = null;
  /** The open file's text (where `set` lines are written). */
  @property() text = '';
  @state() private base: GameIR | null = null;
  /** The variant beside its base, computed in a worker once both are compiled. */
  @state() private comparison: Comparison | null = null;
  @state() private marks: ScenarioMark[] | null = null;
  @state() private running = false;
  @state() private failure = '';
  private readonly games = new GameClient(() => new GameWorker(), { stopped: msg.gameStopped, overBudget: msg.gameOverBudget, crashed: msg.gameWorkerFailed });
  private readonly comparer = new GameClient(() => new GameWorker(), { stopped: msg.gameStopped, overBudget: msg.gameOverBudget, crashed: msg.gameWorkerFailed });
  /** Numbers the base compiles asked for, so only the latest answer is kept. */
  private asked = 0;

  override willUpdate(changed: Map<string, unknown>): void {
    if (!changed.has('outcome')) return;
    this.marks = null;
    this.failure = '';
    // Scenarios of the rules before this change are no news.
    this.games.stop();
    const ir = this.outcome?.ir;
    const baseName = ir?.variants.find((v) => v.name === ir.variant)?.base ?? null;
    // Each new outcome may come from changed used files: compile the base again (the server
    // answers from documents it has already built).
    if (!ir || !baseName || !this.compile) return;
    const asked = ++this.asked;
    void this.compile(this.outcome!.main, baseName).then(async (o) => {
      if (!o?.ir || asked !== this.asked) return;
      this.base = o.ir;
      const r = await this.comparer.compare({ op: 'compare', base: o.ir, current: ir }, []);
      if (asked !== this.asked) return;
      if (r.ok) this.comparison = r.comparison;
      else this.failure = r.message;
    });
  }

  override render() {
    const ir = this.outcome?.ir;
    if (!ir) return html`<p>Fix the rules' errors to use the workbench.</p>`;
    const rows = ir.variant && this.base && this.comparison ? this.comparison.rows : null;
    const differences = this.comparison?.differences ?? [];
    return html`
      ${ir.variant === null ? html`<p>This is the base game. "New variant" starts a house rule of it.</p>` : nothing}
      ${rows ? html`<h4>Parameters of ${this.base!.name}</h4>
        <table data-part="params"><tr><th>param</th><th>base</th><th>this variant</th><th></th></tr>
          ${rows.map((r) => html`<tr class=${r.changed ? 'changed' : ''} data-param=${r.name}>
            <td class="name">${r.name}</td><td>${r.base}</td>
            <td><input .value=${r.current} data-param=${r.name} @change=${(e: Event) => this.setParam(r.name, (e.target as HTMLInputElement).value)} /></td>
            <td class="doc">${r.doc}</td></tr>`)}
        </table>
        <h4>Differences from ${this.base!.name}</h4>
        <ul data-part="differences">${differences.map((d) => html`<li>${d}</li>`)}</ul>
        ${differences.length === 0 ? html`<p>None yet.</p>` : nothing}`
        : ir.variant ? html`<p>Compiling the base game…</p>` : nothing}
      <h4>Scenarios (${ir.scenarios.length})</h4>
      <button data-cmd="run-scenarios" ?disabled=${ir.scenarios.length === 0 || this.running} @click=${this.run}>Run scenarios</button>
      ${this.running ? html`<span data-running>${msg.rulesRunning()} <button data-cmd="stop-scenarios" @click=${() => this.games.stop()}>Stop</button></span>` : nothing}
      ${this.failure ? html`<p class="failed" role="alert">${this.failure}</p>` : nothing}
      ${this.marks ? html`<ul data-part="scenarios">${this.marks.map((m) => html`<li class=${m.passed ? 'passed' : 'failed'} data-scenario=${m.name}
          @click=${() => this.fire('reveal', { uri: m.file, line: m.line, col: 1 })}>${m.passed ? '✓' : '✗'} ${m.name}${m.passed ? '' : `: ${m.message}`}</li>`)}</ul>` : nothing}
    `;
  }

  private setParam(name: string, value: string): void {
    const ir = this.outcome?.ir;
    if (!ir?.variant || !this.outcome || value.trim() === '') return;
    const text = withSetLine(this.text, ir.variant, name, value);
    if (text !== null) this.fire('set-text', { uri: this.outcome.main, text });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.games.dispose();
    this.comparer.dispose();
  }

  private async run(): Promise<void> {
    const ir = this.outcome?.ir;
    const uri = this.outcome?.main;
    if (!ir || !uri) return;
    this.running = true;
    this.failure = '';
    const r = await this.games.scenarios({ op: 'scenarios', ir }, []);
    this.running = this.games.busy;
    if (this.outcome?.ir !== ir) return;
    if (!r.ok) {
      this.failure = r.message;
      return;
    }
    this.marks = r.marks;
    this.fire('scenario-marks', { uri, marks: r.marks });
  }

  private fire(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-variant-bench': StrataVariantBench;
  }
}
