import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Type } from 'typebox';
import { BaseConfigSchema, ConfigError, defineConfig, loadConfig } from './config.ts';

const env = { PORT: '4101', DATABASE_URL: 'postgres://u:p@localhost:5544/lectern', KAFKA_BROKERS: 'localhost:9092' };

describe('loadConfig', () => {
  it('converts types and applies defaults', () => {
    const config = loadConfig(BaseConfigSchema, env);
    assert.equal(config.PORT, 4101);
    assert.equal(config.HOST, '0.0.0.0');
    assert.equal(config.LOG_LEVEL, 'info');
    assert.equal(config.DATABASE_POOL_MAX, 10);
  });

  it('names a missing variable', () => {
    const { DATABASE_URL: _omit, ...rest } = env;
    assert.throws(() => loadConfig(BaseConfigSchema, rest), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.equal(err.message, 'Invalid configuration: DATABASE_URL is required');
      return true;
    });
  });

  it('treats an empty variable as missing', () => {
    assert.throws(() => loadConfig(BaseConfigSchema, { ...env, KAFKA_BROKERS: '' }), /KAFKA_BROKERS is required/);
  });

  it('names a badly typed variable and shows the value', () => {
    assert.throws(() => loadConfig(BaseConfigSchema, { ...env, PORT: 'eighty' }), /Invalid configuration: PORT .*"eighty"/);
  });

  it('never echoes a secret value', () => {
    assert.throws(
      () => loadConfig(BaseConfigSchema, { ...env, DATABASE_URL: 'mysql://root:hunter2@db' }),
      (err: unknown) => err instanceof Error && /DATABASE_URL/.test(err.message) && !/hunter2/.test(err.message),
    );
  });

  it('reports every problem at once', () => {
    assert.throws(() => loadConfig(BaseConfigSchema, { PORT: '-1' }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(err.variables.sort(), ['DATABASE_URL', 'KAFKA_BROKERS', 'PORT']);
      return true;
    });
  });

  it('extends the base with service variables', () => {
    const schema = defineConfig({ SMTP_URL: Type.String({ pattern: '^smtps?://' }) });
    assert.throws(() => loadConfig(schema, env), /SMTP_URL is required/);
    assert.equal(loadConfig(schema, { ...env, SMTP_URL: 'smtp://localhost:1025' }).SMTP_URL, 'smtp://localhost:1025');
  });
});
