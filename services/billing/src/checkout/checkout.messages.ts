// The texts the checkout shows (spec 001 §8); the service answers with them as problem details.
export const CHECKOUT_MESSAGES = {
  cannotPrepare: 'Unable to initiate payment step. Please contact support.',
  prepareFailed: 'Failed to prepare checkout',
  paymentSetupFailed: 'Payment setup failed. Please try again.',
  missingOrganization: 'Missing organization context. Please restart signup.',
  paymentFailed: 'Payment failed',
  // Lectern's wording (the spec quotes none for these).
  alreadySubscribed: 'This organization already has an active subscription.',
  unknownPrice: 'That price is not part of the catalogue.',
  testCardOnly: 'Test card payments are not available on this deployment.',
} as const;
