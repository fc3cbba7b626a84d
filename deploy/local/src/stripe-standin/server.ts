// `npm start` runs the stand-in as its own process (launcher/apps.ts): the billing service talks to
// it as STRIPE_API_BASE and receives its signed events at STRIPE_WEBHOOK_URL.
import { keepStateIn } from './state-file.ts';
import { createStripeStandIn } from './stripe-standin.ts';

const port = Number(process.env.STRIPE_STANDIN_PORT ?? 12113);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!webhookUrl || !webhookSecret) {
  console.error('stripe stand-in: STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET are required');
  process.exit(1);
}
const standIn = createStripeStandIn({ port, webhookUrl, webhookSecret, log: (line) => console.log(line) });
// STRIPE_STANDIN_STATE_FILE: where its objects outlive a restart (the launcher puts it under .lectern/).
const stateFile = process.env.STRIPE_STANDIN_STATE_FILE ? keepStateIn(standIn, process.env.STRIPE_STANDIN_STATE_FILE) : undefined;
await standIn.start();
console.log(`stripe stand-in listening on ${standIn.baseUrl}, events to ${webhookUrl}${stateFile ? `, state kept in ${process.env.STRIPE_STANDIN_STATE_FILE}` : ''}`);
const stop = () => {
  stateFile?.close();
  void standIn.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
