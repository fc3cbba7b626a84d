/** The Kafka topic a service publishes to: `<service>.events`. */
export function topicFor(service: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(service)) throw new Error(`Invalid service name for a topic: "${service}"`);
  return `${service}.events`;
}

/** `sermons.sermon.published.v1` → `sermons` */
export function serviceOfType(type: string): string {
  const service = type.split('.', 1)[0];
  if (!service) throw new Error(`Event type "${type}" names no service`);
  return service;
}

/** The topic an event type is published on. */
export function topicOfType(type: string): string {
  return topicFor(serviceOfType(type));
}
