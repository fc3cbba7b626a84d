export { livePlugin, liveHandleProtocols, type LivePluginOptions, type AuthorizeTopic } from './live.plugin.ts';
export { LiveHub, type LiveHubOptions, type LiveMessage } from './live.hub.ts';
export { LIVE_SUBPROTOCOL, BEARER_PROTOCOL_PREFIX, CLOSE as LIVE_CLOSE_CODES, TOPIC_PATTERN, type ClientMessage, type ServerMessage, type LiveErrorCode } from './live.protocol.ts';
export { LiveFanoutHub, liveChannel, type LiveFanoutOptions } from './live.fanout.ts';
