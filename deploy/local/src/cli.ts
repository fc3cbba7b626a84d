// `npm start` / `npm test` / `npm run bench` (via deploy/local/bin/lectern.sh, on the pinned Node).
import { InfraError } from './support/errors.ts';

const [command, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  switch (command) {
    case 'start': {
      const { startCommand } = await import('./launcher/start.command.ts');
      return startCommand();
    }
    case 'test': {
      const { testCommand } = await import('./launcher/test.command.ts');
      return testCommand(rest);
    }
    case 'bench': {
      const { benchCommand } = await import('./launcher/bench.command.ts');
      return benchCommand(rest);
    }
    default:
      process.stderr.write('usage: lectern <start|test|bench> [turbo arguments for test]\n');
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // An InfraError is already a sentence for a person; anything else keeps its stack.
    const text = error instanceof InfraError ? `lectern: ${error.message}` : `lectern: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    process.stderr.write(`${text}\n`);
    process.exit(1);
  },
);
