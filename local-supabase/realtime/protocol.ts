// Phoenix channel frames as realtime-js speaks them. vsn 1.0.0: JSON objects
// `{join_ref, ref, topic, event, payload}`; vsn 2.0.0: JSON arrays `[join_ref, ref, topic, event,
// payload]`, plus binary user broadcasts (kind 3 from the client, kind 4 to it) whose layout is
// realtime-js's `lib/serializer.ts`.

export type Vsn = '1.0.0' | '2.0.0';

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast's content: JSON, or raw bytes when the client sent an ArrayBuffer. */
export interface BroadcastBody {
  event: string;
  payload: unknown;
  /** The payload is raw bytes (a Uint8Array). */
  binary: boolean;
  /** It arrived as a binary frame, so vsn 2.0.0 receivers get it as one too. */
  fromBinaryFrame?: boolean;
  meta?: Record<string, unknown>;
}

export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

const KIND_PUSH = 3;
const KIND_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

function asRef(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new ProtocolError('refs must be strings');
}

function asName(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '')
    throw new ProtocolError(`${what} must be a string`);
  return value;
}

/** Decodes a text frame; throws ProtocolError on anything that is not a Phoenix message. */
export function decodeText(text: string, vsn: Vsn): PhoenixMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length !== 5) {
      throw new ProtocolError('expected [join_ref, ref, topic, event, payload]');
    }
    const [joinRef, ref, topic, event, payload] = value as unknown[];
    return {
      joinRef: asRef(joinRef),
      ref: asRef(ref),
      topic: asName(topic, 'topic'),
      event: asName(event, 'event'),
      payload: payload ?? {},
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('expected {join_ref, ref, topic, event, payload}');
  }
  const message = value as Record<string, unknown>;
  return {
    joinRef: asRef(message['join_ref']),
    ref: asRef(message['ref']),
    topic: asName(message['topic'], 'topic'),
    event: asName(message['event'], 'event'),
    payload: message['payload'] ?? {},
  };
}

export function encodeText(message: PhoenixMessage, vsn: Vsn): string {
  const { joinRef, ref, topic, event, payload } = message;
  return JSON.stringify(
    vsn === '2.0.0'
      ? [joinRef, ref, topic, event, payload]
      : { join_ref: joinRef, ref, topic, event, payload },
  );
}

/** Shared values' JSON, made once however many sockets they go to (see `spliced`). */
const sharedJson = new WeakMap<object, string>();
/** Stands in for the shared value in the envelope (`SHARED_SLOT` as encodeText writes it). */
const SHARED_PLACEHOLDER = '\u0000shared\u0000';
const SHARED_SLOT = JSON.stringify(SHARED_PLACEHOLDER);

/**
 * `frame` (encodeText's, with SHARED_PLACEHOLDER as its last value) with `value` serialised in the
 * placeholder's place: `value` is one object shared by every socket it goes to and never changed
 * once sent, so it is serialised once rather than per socket. The shared value is the last value of
 * the frame in both vsn forms, so the slot is the last occurrence; the bytes are encodeText's.
 */
function spliced(frame: string, value: object): string {
  let json = sharedJson.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    sharedJson.set(value, json);
  }
  const at = frame.lastIndexOf(SHARED_SLOT);
  return frame.slice(0, at) + json + frame.slice(at + SHARED_SLOT.length);
}

/** The `postgres_changes` frame `encodeText` would make for `{ids, data}`, `data` serialised once. */
export function encodeChange(
  envelope: Omit<PhoenixMessage, 'event' | 'payload'>,
  ids: number[],
  data: object,
  vsn: Vsn,
): string {
  const frame = encodeText(
    { ...envelope, event: 'postgres_changes', payload: { ids, data: SHARED_PLACEHOLDER } },
    vsn,
  );
  return spliced(frame, data);
}

/** What a channel hears of a broadcast, one object per broadcast (see `encodeBroadcast`). */
const broadcastPayloads = new WeakMap<BroadcastBody, object>();

/**
 * The `broadcast` frame `encodeText` would make for this broadcast on one channel: the message
 * (`{type, event, payload, meta?}`) is made and serialised once for every channel of the room, only
 * the envelope (join ref, topic) per socket. Ten thousand readers of one article hear each comment:
 * serialising it ten thousand times was most of the fan-out's own work.
 */
export function encodeBroadcast(
  envelope: Omit<PhoenixMessage, 'event' | 'payload'>,
  body: BroadcastBody,
  vsn: Vsn,
): string {
  let message = broadcastPayloads.get(body);
  if (message === undefined) {
    message = {
      type: 'broadcast',
      event: body.event,
      payload: body.payload,
      ...(body.meta ? { meta: body.meta } : {}),
    };
    broadcastPayloads.set(body, message);
  }
  return spliced(
    encodeText({ ...envelope, event: 'broadcast', payload: SHARED_PLACEHOLDER }, vsn),
    message,
  );
}

/** Decodes a binary frame: only kind 3 (user broadcast push) exists in the client's direction. */
export function decodeBinary(frame: Uint8Array): PhoenixMessage {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  if (frame.length < 7 || frame[0] !== KIND_PUSH) throw new ProtocolError('unknown binary frame');
  const [joinRefSize, refSize, topicSize, eventSize, metaSize, encoding] = frame.subarray(1, 7);
  let offset = 7;
  const take = (size = 0) => {
    if (offset + size > frame.length) throw new ProtocolError('binary frame too short');
    const part = frame.subarray(offset, offset + size);
    offset += size;
    return part;
  };
  try {
    const joinRef = decoder.decode(take(joinRefSize));
    const ref = decoder.decode(take(refSize));
    const topic = decoder.decode(take(topicSize));
    const event = decoder.decode(take(eventSize));
    const metaText = decoder.decode(take(metaSize));
    const bytes = frame.subarray(offset);
    const body: BroadcastBody = {
      event,
      binary: encoding === ENCODING_BINARY,
      payload:
        encoding === ENCODING_JSON ? (JSON.parse(decoder.decode(bytes)) as unknown) : bytes.slice(),
    };
    if (metaText) body.meta = JSON.parse(metaText) as Record<string, unknown>;
    return {
      joinRef: joinRef || null,
      ref: ref || null,
      topic: asName(topic, 'topic'),
      event: 'broadcast',
      payload: { type: 'broadcast', ...body, fromBinaryFrame: true },
    };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    throw new ProtocolError('malformed binary broadcast');
  }
}

/** Binary frames made, per broadcast: every channel of a room has the same topic. */
const binaryFrames = new WeakMap<BroadcastBody, { topic: string; frame: Uint8Array }>();

/**
 * A kind 4 frame (user broadcast to the client), made once per broadcast and topic however many
 * sockets it goes to; throws when a header part exceeds 255 bytes.
 */
export function encodeBroadcastBinary(topic: string, body: BroadcastBody): Uint8Array {
  const made = binaryFrames.get(body);
  if (made?.topic === topic) return made.frame;
  const frame = binaryFrame(topic, body);
  binaryFrames.set(body, { topic, frame });
  return frame;
}

function binaryFrame(topic: string, body: BroadcastBody): Uint8Array {
  const encoder = new TextEncoder();
  const topicBytes = encoder.encode(topic);
  const eventBytes = encoder.encode(body.event);
  const metaBytes = encoder.encode(body.meta ? JSON.stringify(body.meta) : '');
  const payloadBytes =
    body.binary && body.payload instanceof Uint8Array
      ? body.payload
      : encoder.encode(JSON.stringify(body.payload ?? {}));
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) {
    throw new ProtocolError('topic, event or meta longer than 255 bytes');
  }
  const header = Uint8Array.of(
    KIND_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    body.binary ? ENCODING_BINARY : ENCODING_JSON,
  );
  const frame = new Uint8Array(
    header.length + topicBytes.length + eventBytes.length + metaBytes.length + payloadBytes.length,
  );
  let offset = 0;
  for (const part of [header, topicBytes, eventBytes, metaBytes, payloadBytes]) {
    frame.set(part, offset);
    offset += part.length;
  }
  return frame;
}
