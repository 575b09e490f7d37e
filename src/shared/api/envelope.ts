// The envelope every v1 answer is wrapped in (DESIGN.md, "The v1 API"), shared by the browser
// (src/providers/httpClient.ts reads it) and the server (server/http/success.ts builds it).
// No React, no DOM.

/** Field messages of a refused write: field → its messages; `_body` belongs to no field. */
export type FieldMessages = Record<string, string[] | string>;

export interface Envelope<T = unknown> {
  success?: boolean;
  message?: string;
  messages?: FieldMessages;
  data?: T;
  total?: number;
  /** On a list: `total` is the server's estimate (more matched than it counts exactly). */
  total_estimated?: boolean;
}

/**
 * What a successful answer carries besides `success`: the envelope's fields, typed as there,
 * and a call's own (`count`, `modules`, `user`).
 */
export type SuccessFields = object & { [K in keyof Envelope]?: K extends 'success' ? never : Envelope[K] };

/** A successful answer: `{ success: true, …fields }`. */
export type Success<F extends SuccessFields = SuccessFields> = { success: true } & F;
