// Who acts on a sermon (from the access token, set by the route guard) and the log use cases write to.
export interface Actor {
  userId: string;
  orgId: string;
}

export interface ServiceLog {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
}
