// The readers the consistency tests rely on, on small inputs with known answers.
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';
import { aptInstalled, copiesOf, execCommand, finalWorkdir, parseDockerfile, runCommands, stageVariables } from './dockerfile.parse.ts';
import { parseEnvExample } from './repo.support.ts';

describe('parseEnvExample', () => {
  test('Required/Optional sections decide what is required; commented-out names are documented but optional', () => {
    const example = parseEnvExample(['# Required', 'DATABASE_URL=postgres://x', '# Optional (defaults shown)', 'HOST=0.0.0.0', '# PORT=4101', 'LOG_LEVEL=info'].join('\n'));
    assert.deepEqual([...example.documented], ['DATABASE_URL', 'HOST', 'PORT', 'LOG_LEVEL']);
    assert.deepEqual([...example.required], ['DATABASE_URL']);
  });

  test('without sections, a comment saying optional or default makes the next variable optional', () => {
    const example = parseEnvExample(['# where the key set is', 'IDENTITY_JWKS_URL=http://x', '# optional', 'SMTP_URL=', 'LOG_LEVEL=info # default info'].join('\n'));
    assert.deepEqual([...example.required], ['IDENTITY_JWKS_URL']);
  });
});

describe('parseDockerfile', () => {
  const dockerfile = parseDockerfile(
    [
      'ARG BASE=node:24',
      'FROM ${BASE} AS one',
      'WORKDIR /app',
      'COPY a/package.json \\',
      '     a/',
      'FROM one AS two',
      'ARG NAME=x',
      'ENV NAME=${NAME} OTHER="y z"',
      'COPY --from=one /app/a services/${NAME}',
      'WORKDIR services/${NAME}',
      'CMD ["node", "src/server.ts"]',
    ].join('\n'),
  );

  test('follows stages, global ARGs, continuation lines and relative WORKDIRs', () => {
    assert.deepEqual(dockerfile.stages.map((stage) => [stage.name, stage.base]), [['one', 'node:24'], ['two', 'one']]);
    assert.deepEqual(copiesOf(dockerfile, 'one'), [{ from: undefined, sources: ['a/package.json'], destination: 'a/', workdir: '/app', line: 4 }]);
    assert.equal(finalWorkdir(dockerfile, 'two', { NAME: 'sermons' }), '/app/services/sermons');
    assert.deepEqual(execCommand(dockerfile, 'two'), ['node', 'src/server.ts']);
  });

  test('build args override ARG defaults and flow into ENV', () => {
    assert.equal(stageVariables(dockerfile, 'two').get('NAME'), 'x');
    assert.equal(stageVariables(dockerfile, 'two', { NAME: 'billing' }).get('NAME'), 'billing');
    assert.equal(stageVariables(dockerfile, 'two').get('OTHER'), 'y z');
    assert.equal(copiesOf(dockerfile, 'two', { NAME: 'comms' })[0]?.destination, 'services/comms');
  });
});

describe('runCommands and aptInstalled', () => {
  const dockerfile = parseDockerfile(
    [
      'FROM debian AS tools',
      'ARG EXTRA="sox jq"',
      'RUN --mount=type=cache,target=/var/cache/apt apt-get update \\',
      ' && apt-get install -y --no-install-recommends \\',
      '      ffmpeg diatheke ${EXTRA} \\',
      ' && rm -rf /var/lib/apt/lists/*',
      'RUN if [ -n "$packages" ]; then apt-get install -y $packages; fi; echo done',
    ].join('\n'),
  );

  test('RUN commands come without --mount flags', () => {
    assert.equal(runCommands(dockerfile, 'tools')[0]?.startsWith('apt-get update'), true);
  });

  test('packages after apt-get install, options skipped, ARGs expanded, shell variables not counted', () => {
    assert.deepEqual(aptInstalled(dockerfile, 'tools'), ['ffmpeg', 'diatheke', 'sox', 'jq']);
    assert.deepEqual(aptInstalled(dockerfile, 'tools', { EXTRA: '' }), ['ffmpeg', 'diatheke']);
  });
});
