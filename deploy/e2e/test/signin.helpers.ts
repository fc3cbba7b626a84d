// Signing in through the real form, as a person does: e-mail, password, the captcha widget.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export const VISIBLE = { timeout: 20_000 } as const;

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
