export {
  CAPTCHA_ALGORITHM,
  DEFAULT_CHALLENGE_TTL_MS,
  DEFAULT_MAX_NUMBER,
  MIN_HMAC_KEY_BYTES,
  createChallenge,
  type Challenge,
  type ChallengeOptions,
} from './captcha.challenge.ts';
export { CAPTCHA_MESSAGES, CaptchaVerifier, type CaptchaFailure, type CaptchaResult, type CaptchaVerifierOptions } from './captcha.verifier.ts';
export { InMemorySpentStore, type SpentStore } from './captcha.spent-store.ts';
export { encodePayload, solveChallenge, type Solution } from './captcha.solver.ts';
