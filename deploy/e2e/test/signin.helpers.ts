// Signing in through the real form, as a person does: e-mail, password, the captcha widget.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { patience } from '@lectern/local-stack/testing';

/** How long a page may take to show what a step waits for (20 s on the CI machine, times LECTERN_TEST_TIME_FACTOR). */
export const VISIBLE = { timeout: patience(20_000) } as const;

export async function solveCaptcha(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await page.locator('[data-testid="captcha"][data-state="verified"]').waitFor(VISIBLE);
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor(VISIBLE);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  assert.equal(await submit.isDisabled(), true, 'submit stays disabled until the captcha gives a token');
  await solveCaptcha(page);
  assert.equal(await submit.isDisabled(), false);
  await submit.click();
}
