import * as z from 'zod/mini';
import { maxClipSeconds } from './anki';
import { secondsParam } from './query-params';

/** `GET /api/media/<id>/thumb?t=`: the moment to take the picture at, 0 when unset. */
export const thumbQuerySchema = z.object({ t: secondsParam(0) });

/** A refusal of `clipQuerySchema` for a span over `maxClipSeconds` carries this in its issue's params. */
export const clipTooLong = 'clip-too-long';

/** `GET /api/media/<id>/clip?start=&end=`: a span in seconds, end after start, at most `maxClipSeconds` long. */
export const clipQuerySchema = z.object({ start: secondsParam(), end: secondsParam() }).check(
  z.refine(({ start, end }) => end > start),
  z.refine(({ start, end }) => end - start <= maxClipSeconds, { params: { refusal: clipTooLong } }),
);
