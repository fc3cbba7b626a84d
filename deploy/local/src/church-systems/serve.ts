// `npm start`'s church-management stand-ins (CHURCH_SYSTEMS_PORT, default 4191): Planning Center
// People and Rock RMS with a congregation of CHURCH_SYSTEMS_PEOPLE persons, so a newcomer can
// connect an integration in Settings and run a member sync.
import { DEMO_PLANNING_CENTER_TOKEN, DEMO_ROCK_RMS_KEY, startChurchSystems } from './church-systems.server.ts';

const port = Number(process.env.CHURCH_SYSTEMS_PORT ?? 4191);
const server = await startChurchSystems({ port, people: Number(process.env.CHURCH_SYSTEMS_PEOPLE ?? 250), rateLimitShare: Number(process.env.CHURCH_SYSTEMS_RATE_LIMIT_SHARE ?? 0.01) });
console.log(`church systems: Planning Center ${server.planningCenterBase} (API key ${DEMO_PLANNING_CENTER_TOKEN}), Rock RMS ${server.rockRmsBase} (API key ${DEMO_ROCK_RMS_KEY})`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
