// Phoenix Presence for one topic: each channel tracks at most one meta under its presence key; the
// state is `{key: {metas: [{phx_ref, ...payload}]}}` and changes go out as `{joins, leaves}` diffs.
import { randomBytes } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceState = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceState;
  leaves: PresenceState;
}

function newRef(): string {
  return randomBytes(9).toString('base64url');
}

export class TopicPresence<Member> {
  readonly #entries = new Map<Member, { key: string; meta: Meta }>();

  get size(): number {
    return this.#entries.size;
  }

  state(): PresenceState {
    const state: PresenceState = {};
    for (const { key, meta } of this.#entries.values()) {
      (state[key] ??= { metas: [] }).metas.push(meta);
    }
    return state;
  }

  /** Tracks (or replaces) the member's meta; a replacement leaves the old meta in the same diff. */
  track(member: Member, key: string, payload: Record<string, unknown>): PresenceDiff {
    const previous = this.#entries.get(member);
    const meta: Meta = {
      ...payload,
      phx_ref: newRef(),
      ...(previous ? { phx_ref_prev: previous.meta.phx_ref } : {}),
    };
    this.#entries.set(member, { key, meta });
    return {
      joins: { [key]: { metas: [meta] } },
      leaves: previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    };
  }

  /** Removes the member's meta; null when it tracked nothing. */
  untrack(member: Member): PresenceDiff | null {
    const previous = this.#entries.get(member);
    if (!previous) return null;
    this.#entries.delete(member);
    return { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } };
  }
}
