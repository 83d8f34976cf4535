/** Progress of a batch of games on stderr: a bar on a terminal, otherwise a line at every tenth. */
import cliProgress from 'cli-progress';

export interface Progress {
  tick: (done: number) => void;
  stop: () => void;
}

/** `label` starts each line (`simulate`, `analyze`, `compare base`); `total` games are expected. */
export function progress(label: string, total: number): Progress {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { stream: process.stderr, format: `${label} [{bar}] {value}/{total} games  {eta_formatted} left`, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { tick: (done) => bar.update(done), stop: () => bar.stop() };
  }
  let shown = 0;
  return {
    tick: (done) => {
      const tenth = Math.floor((done * 10) / Math.max(1, total));
      if (tenth > shown) {
        shown = tenth;
        process.stderr.write(`${label}: ${tenth * 10}% (${done}/${total} games)\n`);
      }
    },
    stop: () => undefined,
  };
}
