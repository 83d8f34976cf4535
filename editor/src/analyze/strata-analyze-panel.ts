/**
 * `<strata-analyze-panel>`: "what does my house rule do?" in the editor. Runs the open variant
 * against its base, or one player count against another, with the same seeds and bots on web
 * workers (analysis-run.ts), with a progress bar and a Stop button; shows each side's win rates
 * with their 95 % intervals, the paired differences and their plain sentences (the same text
 * `strata compare` prints for those seeds), the HTML report's charts (cli/analyze/charts.ts, drawn
 * by vega-embed, loaded when first needed), and the rules that never ran, which the app marks in
 * the rule text.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { chartSpecs, studyName } from '../../../cli/analyze/charts.js';
import { num, rateText } from '../../../cli/number-text.js';
import { playerName } from '../../../interpreter/format.js';
import type { GameIR } from '../../../interpreter/ir.js';
import type { CompileOutcome } from '../compile/compile-protocol.js';
import { planProblem, runComparison, type Comparison, type ComparisonPlan } from './analysis-run.js';
import { defaultWorkers } from './worker-pool.js';

/** A rule that never ran in the analysed games, where it is written. */
export interface DeadRule {
  file: string;
  line: number;
  col: number;
  kind: string;
  name: string;
}

function playerCounts(ir: GameIR): number[] {
  const { min, max, counts } = ir.players;
  return counts ?? Array.from({ length: Math.max(0, Math.min(max, min + 7) - min + 1) }, (_, i) => min + i);
}

/**
 * @fires never-ran - a comparison finished (detail: { rules: DeadRule[] }: the open version's rules that never ran)
 * @fires reveal - a rule that never ran was clicked (detail: { uri, line, col })
 */
@customElement('strata-analyze-panel')
export class StrataAnalyzePanel extends LitElement {
  static override styles = css`
    :host { display: block; font-size: 12.5px; padding: 4px 8px; }
    :host([hidden]) { display: none; }
    form { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; margin: 4px 0 8px; }
    label { display: inline-flex; gap: 4px; align-items: center; }
    input, select, button { font: inherit; }
    input[type=number] { width: 6em; }
    input[name=bot] { width: 7em; }
    progress { width: 220px; }
    table { border-collapse: collapse; margin: 4px 0 8px; }
    td, th { text-align: left; padding: 2px 8px; border-bottom: 1px solid #eceef1; }
    th { font-weight: 600; color: #556; }
    h4 { margin: 10px 0 2px; }
    ul { margin: 2px 0; padding-left: 18px; }
    .dead li { cursor: pointer; color: #8a4b00; }
    .charts section { margin: 8px 0; }
    .error { color: #b3261e; }
    .muted { color: #667; }
  `;

  @property({ attribute: false }) outcome: CompileOutcome | null = null;
  /** Compiles `variant` (here the base game) of the file `uri`: the app's language client. */
  @property({ attribute: false }) compile: ((uri: string, variant: string) => Promise<CompileOutcome | null>) | null = null;
  /** The open file's name, recorded in the studies as the CLI records its path. */
  @property() fileName = '';

  /** What the designer chose to compare; by default the variant with its base when there is one. */
  @state() private chosenMode: 'base' | 'players' | null = null;
  @state() private games = 40;
  @state() private seed = 1;
  @state() private bot = 'random';
  @state() private players = 0;
  @state() private versus = 0;
  @state() private running: { stop(): void } | null = null;
  @state() private progress = { done: 0, total: 0 };
  @state() private result: Comparison | null = null;
  @state() private problem = '';
  private drawn: Comparison | null = null;

  override willUpdate(changed: Map<string, unknown>): void {
    if (!changed.has('outcome')) return;
    const ir = this.outcome?.ir;
    if (!ir) return;
    const counts = playerCounts(ir);
    if (!counts.includes(this.players)) this.players = counts[0] ?? ir.players.min;
    if (!counts.includes(this.versus) || this.versus === this.players) this.versus = counts.find((n) => n !== this.players) ?? this.players;
  }

  /** The comparison to run: a base game has no base to compare with. */
  private get mode(): 'base' | 'players' {
    const ir = this.outcome?.ir;
    const hasBase = ir !== undefined && this.baseName(ir) !== null;
    return hasBase ? (this.chosenMode ?? 'base') : 'players';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.running?.stop();
  }

  override render() {
    const ir = this.outcome?.ir;
    if (!ir) return html`<p>Fix the rules' errors to analyze them.</p>`;
    const counts = playerCounts(ir);
    const base = this.baseName(ir);
    return html`
      <form @submit=${(e: Event) => (e.preventDefault(), void this.run())}>
        <label>Compare
          <select name="mode" .value=${this.mode} @change=${(e: Event) => (this.chosenMode = (e.target as HTMLSelectElement).value as 'base' | 'players')}>
            ${base ? html`<option value="base">${ir.variant} with ${base}</option>` : nothing}
            ${counts.length > 1 ? html`<option value="players">player counts</option>` : nothing}
          </select></label>
        <label>players <select name="players" .value=${String(this.players)} @change=${(e: Event) => (this.players = Number((e.target as HTMLSelectElement).value))}>
          ${counts.map((n) => html`<option value=${n} ?selected=${n === this.players}>${n}</option>`)}</select></label>
        ${this.mode === 'players' ? html`<label>against <select name="versus" .value=${String(this.versus)} @change=${(e: Event) => (this.versus = Number((e.target as HTMLSelectElement).value))}>
          ${counts.map((n) => html`<option value=${n} ?selected=${n === this.versus}>${n}</option>`)}</select></label>` : nothing}
        <label>games <input type="number" name="games" min="2" .value=${String(this.games)} @change=${(e: Event) => (this.games = Number((e.target as HTMLInputElement).value))} /></label>
        <label>bot <input name="bot" .value=${this.bot} list="strata-bots" title="random, or mcts:ITER (the search bot, ITER iterations a move)"
          @change=${(e: Event) => (this.bot = (e.target as HTMLInputElement).value.trim())} /></label>
        <datalist id="strata-bots"><option value="random"></option><option value="mcts:50"></option><option value="mcts:200"></option></datalist>
        <label>seed <input type="number" name="seed" min="0" .value=${String(this.seed)} @change=${(e: Event) => (this.seed = Number((e.target as HTMLInputElement).value))} /></label>
        ${this.running
          ? html`<progress data-part="progress" max=${this.progress.total} .value=${this.progress.done}></progress>
              <span data-part="progress-text">${this.progress.done} / ${this.progress.total} games</span>
              <button type="button" data-cmd="stop-analysis" @click=${() => this.running?.stop()}>Stop</button>`
          : html`<button type="submit" data-cmd="run-analysis">Run</button>`}
      </form>
      ${this.problem ? html`<p class="error" data-part="problem">${this.problem}</p>` : nothing}
      ${this.result ? this.renderResult(this.result) : html`<p class="muted">Plays both sides with the same seeds and bots in the background and compares them, as <code>strata compare</code> does.</p>`}
    `;
  }

  private renderResult(r: Comparison) {
    const sides = [r.base, r.other];
    const sentences = r.differences.flatMap((d) => (d.summary ? [d.summary] : []));
    const dead = r.other.summary.coverage.neverRan;
    return html`
      ${r.stopped ? html`<p class="muted" data-part="stopped">Stopped early: the numbers cover the games that finished.</p>` : nothing}
      <h4>Win rates (95 % intervals)</h4>
      <table data-part="seats">
        <tr><th></th>${sides.map((a) => html`<th>${studyName(a)} (${a.summary.completed} games)</th>`)}</tr>
        ${Array.from({ length: Math.max(r.base.study.players, r.other.study.players) }, (_, seat) => html`<tr data-seat=${seat}><td>${playerName(seat)}</td>
          ${sides.map((a, i) => html`<td data-side=${i}>${a.summary.seats[seat] ? rateText(a.summary.seats[seat].wins) : ''}</td>`)}</tr>`)}
        <tr><td>moves (mean)</td>${sides.map((a, i) => html`<td data-side=${i} data-part="moves">${num(a.summary.moves.mean)} [${num(a.summary.moves.low)}, ${num(a.summary.moves.high)}]</td>`)}</tr>
        <tr><td>errors</td>${sides.map((a, i) => html`<td data-side=${i}>${a.summary.errors.length}</td>`)}</tr>
      </table>
      <h4>Differences (${r.label} minus ${studyName(r.base)}), 95 % intervals</h4>
      <table data-part="differences">
        <tr><th>metric</th><th>base</th><th>difference</th></tr>
        ${r.differences.map((d) => html`<tr data-metric=${d.metric}><td>${d.metric}</td><td>${num(d.base)}</td>
          <td>${num(d.difference.mean, 3)} [${num(d.difference.low, 3)}, ${num(d.difference.high, 3)}]${d.paired ? ' (paired)' : ''}</td></tr>`)}
      </table>
      <ul data-part="sentences">${sentences.map((s) => html`<li>${s}</li>`)}</ul>
      ${sentences.length === 0 ? html`<p class="muted">No difference is clear at this number of games.</p>` : nothing}
      <h4>Rules that never ran (${studyName(r.other)})</h4>
      ${dead.length === 0 ? html`<p data-part="dead">Every rule ran.</p>`
        : html`<ul class="dead" data-part="dead">${dead.map((d) => html`<li data-line=${d.line}
            @click=${() => this.fire('reveal', { uri: d.file ?? this.outcome?.main ?? '', line: d.line, col: d.col })}>line ${d.line}: ${d.kind} ${d.name}</li>`)}</ul>`}
      <div class="charts" data-part="charts">${chartSpecs(sides).map((c, i) => html`<section><h4>${c.title}</h4><div class="chart" id=${`chart${i}`}></div></section>`)}</div>
    `;
  }

  override updated(): void {
    if (!this.result || this.drawn === this.result) return;
    this.drawn = this.result;
    void this.drawCharts(this.result);
  }

  private async drawCharts(r: Comparison): Promise<void> {
    // vega-embed (with Vega and Vega-Lite) is large: it loads with the first result.
    const { default: embed } = await import('vega-embed');
    const specs = chartSpecs([r.base, r.other]);
    for (let i = 0; i < specs.length; i++) {
      const el = this.renderRoot.querySelector<HTMLElement>(`#chart${i}`);
      if (!el || this.drawn !== r) return;
      await embed(el, specs[i].spec as never, { actions: false, renderer: 'svg' });
    }
  }

  private baseName(ir: GameIR): string | null {
    return ir.variant === null ? null : (ir.variants.find((v) => v.name === ir.variant)?.base ?? null);
  }

  private async run(): Promise<void> {
    const ir = this.outcome?.ir;
    const main = this.outcome?.main;
    if (!ir || !main || this.running) return;
    this.problem = '';
    let plan: ComparisonPlan;
    const common = { file: this.fileName || main, games: this.games, seed: this.seed, bot: this.bot, workers: defaultWorkers() };
    if (this.mode === 'base') {
      const baseName = this.baseName(ir);
      const base = baseName && this.compile ? await this.compile(main, baseName) : null;
      if (!base?.ir) {
        this.problem = `The base game ${baseName ?? ''} did not compile.`;
        return;
      }
      const counts = playerCounts(base.ir);
      const players = counts.includes(this.players) ? this.players : (counts[0] ?? base.ir.players.min);
      plan = { ...common, base: { ir: base.ir, players }, other: { ir, players } };
    } else {
      plan = { ...common, base: { ir, players: this.players }, other: { ir, players: this.versus } };
    }
    const problem = planProblem(plan);
    if (problem) {
      this.problem = problem;
      return;
    }
    this.result = null;
    this.progress = { done: 0, total: 2 * plan.games };
    const run = runComparison(plan, (done, total) => (this.progress = { done, total }));
    this.running = run;
    try {
      this.result = await run.done;
      const rules: DeadRule[] = this.result.other.summary.coverage.neverRan.map((d) => ({ file: d.file ?? main, line: d.line, col: d.col, kind: d.kind, name: d.name }));
      this.fire('never-ran', { rules });
    } catch (e) {
      this.problem = e instanceof Error ? e.message : String(e);
    } finally {
      this.running = null;
    }
  }

  private fire(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-analyze-panel': StrataAnalyzePanel;
  }
}
