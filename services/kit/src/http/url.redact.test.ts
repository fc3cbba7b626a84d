import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from '@jest/globals';
import { createHttpApp } from './http-app.ts';
import { redactUrl } from './url.redact.ts';

describe('credentials in URLs are redacted from logs', () => {
  it('redacts known credential parameters and invite ids, and leaves everything else', () => {
    assert.equal(redactUrl('/confirmed?token=abc.def&next=%2Fdashboard'), '/confirmed?token=[redacted]&next=%2Fdashboard');
    assert.equal(redactUrl('/signup?plan=standard&invite=3f6c'), '/signup?plan=standard&invite=[redacted]');
    assert.equal(redactUrl('/api/identity/invites/3f6c?x=1'), '/api/identity/invites/[redacted]?x=1');
    assert.equal(redactUrl('/api/identity/invites'), '/api/identity/invites');
    assert.equal(redactUrl('/b/k.mp3?X-Amz-Algorithm=AWS4&X-Amz-Credential=AK%2F1&X-Amz-Signature=ff'), '/b/k.mp3?X-Amz-Algorithm=AWS4&X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]');
    assert.equal(redactUrl('/api/sermons/sermons?limit=5'), '/api/sermons/sermons?limit=5');
  });

  it('a service never writes a URL credential to its log', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk, _encoding, callback) { lines.push(String(chunk)); callback(); } });
    const app = await createHttpApp({ service: 'demo', logStream });
    app.get('/api/demo/invites/:id', async () => ({ ok: true }));
    app.put('/api/demo/uploads/:id', async () => ({ ok: true }));
    await app.inject({ url: '/api/demo/invites/INVITE-ID-1' });
    await app.inject({ method: 'PUT', url: '/api/demo/uploads/9?expires=1&token=UPLOAD-TOKEN-2' });
    await app.inject({ url: '/api/demo/confirmed?token=SIGNIN-TOKEN-3' });
    await app.close();
    const log = lines.join('');
    assert.match(log, /uploads\/9\?expires=1&token=\[redacted\]/);
    for (const secret of ['INVITE-ID-1', 'UPLOAD-TOKEN-2', 'SIGNIN-TOKEN-3']) assert.doesNotMatch(log, new RegExp(secret));
  });
});
