// Keeps the stand-in's state in a file across `npm start` restarts. The stand-in lives in memory,
// but the databases under .lectern/ keep the customer, price and subscription ids it handed out:
// without its state a restart creates new catalogue prices, and Settings shows the demo church's
// plan as unknown ("Contact support if this seems incorrect").
import fs from 'node:fs';
import path from 'node:path';
import type { StandInState, StripeStandIn } from './stripe-standin.ts';

export interface StateFile {
  /** Writes the state when it changed since the last write (atomically: a temporary file, then rename). */
  save(): void;
  /** Stops the periodic save and saves once more. */
  close(): void;
}

export function keepStateIn(standIn: StripeStandIn, file: string, everyMs = 1000): StateFile {
  if (fs.existsSync(file)) standIn.restore(JSON.parse(fs.readFileSync(file, 'utf8')) as StandInState);
  let written = '';
  const save = () => {
    const json = JSON.stringify(standIn.state());
    if (json === written) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, json);
    fs.renameSync(`${file}.tmp`, file);
    written = json;
  };
  const timer = setInterval(save, everyMs);
  timer.unref();
  return {
    save,
    close: () => {
      clearInterval(timer);
      save();
    },
  };
}
