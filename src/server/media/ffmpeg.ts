import { execFile, spawn } from 'node:child_process';

/** Debian's ffmpeg/ffprobe (installed by npm run setup); FFMPEG_PATH/FFPROBE_PATH are not needed here. */
const ffprobePath = 'ffprobe';
const ffmpegPath = 'ffmpeg';

export const mediaToolTimeouts = { probeMs: 15_000, extractMs: 60_000, thumbMs: 15_000, clipMs: 30_000 } as const;

export interface ProbeResult {
  duration: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Text subtitle streams (index among subtitle streams, language tag). */
  textSubtitles: Array<{ index: number; language: string | null }>;
}

const textSubtitleCodecs = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'mov_text', 'text']);

interface ProbeJson {
  format?: { duration?: string };
  streams?: Array<{ codec_type?: string; codec_name?: string; tags?: { language?: string }; disposition?: { attached_pic?: number } }>;
}

export class MediaToolError extends Error {}

/** What a missing tool says, so the library's error tells the learner what to install. */
function couldNotRun(command: string, error: Error & { code?: string | number | null }): MediaToolError {
  if (error.code === 'ENOENT') return new MediaToolError(`${command} is not installed: run npm run setup (or install ffmpeg, which brings ffprobe)`);
  return new MediaToolError(`${command} could not run: ${error.message}`);
}

function run(command: string, args: string[], timeoutMs: number, input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(couldNotRun(command, error));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new MediaToolError(signal ? `${command} took too long` : `${command} failed: ${err.trim().split('\n').pop() ?? code}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

export async function probe(file: string): Promise<ProbeResult> {
  const json = await new Promise<ProbeJson>((resolve, reject) =>
    execFile(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeout: mediaToolTimeouts.probeMs, maxBuffer: 8 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error.code === 'ENOENT' ? couldNotRun(ffprobePath, error) : new MediaToolError(`not a readable media file (${error.message.split('\n')[0]})`));
      try {
        resolve(JSON.parse(stdout) as ProbeJson);
      } catch {
        reject(new MediaToolError('ffprobe answered something that is not JSON'));
      }
    }),
  );
  const streams = json.streams ?? [];
  const duration = Number(json.format?.duration);
  let subtitleIndex = -1;
  const textSubtitles: ProbeResult['textSubtitles'] = [];
  for (const stream of streams) {
    if (stream.codec_type !== 'subtitle') continue;
    subtitleIndex++;
    if (textSubtitleCodecs.has(stream.codec_name ?? '')) textSubtitles.push({ index: subtitleIndex, language: stream.tags?.language ?? null });
  }
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    hasVideo: streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic),
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    textSubtitles,
  };
}

/** An embedded text subtitle track as WebVTT. */
export async function extractSubtitles(file: string, subtitleIndex: number): Promise<string> {
  const out = await run(ffmpegPath, ['-v', 'error', '-nostdin', '-i', file, '-map', `0:s:${subtitleIndex}`, '-f', 'webvtt', 'pipe:1'], mediaToolTimeouts.extractMs);
  return out.toString('utf8');
}

/** SubRip or ASS/SSA text (already decoded to UTF-8) as WebVTT. */
export async function convertSubtitles(text: string, format: 'srt' | 'ass'): Promise<string> {
  const out = await run(ffmpegPath, ['-v', 'error', '-f', format, '-i', 'pipe:0', '-f', 'webvtt', 'pipe:1'], mediaToolTimeouts.extractMs, text);
  return out.toString('utf8');
}

/** One frame at `seconds`, 320 px wide, as JPEG. */
export async function thumbnail(file: string, seconds: number): Promise<Buffer> {
  const out = await run(
    ffmpegPath,
    ['-v', 'error', '-nostdin', '-ss', seconds.toFixed(2), '-i', file, '-frames:v', '1', '-vf', 'scale=320:-2', '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '5', 'pipe:1'],
    mediaToolTimeouts.thumbMs,
  );
  if (out.length === 0) throw new MediaToolError('no frame at that time');
  return out;
}

/**
 * The audio from `start` for `seconds` as MP3 (mono, 44.1 kHz, 96 kb/s): what a card plays.
 * Constant bit rate, because an MP3 written to a pipe gets no Xing/LAME header: players (Anki's,
 * ffprobe) then take its length from the first frame's bit rate, which for VBR is off by seconds
 * and makes seeking jump. With CBR every frame has that rate, so length and seeking are exact, the
 * clip still streams out of ffmpeg without a temporary file, and a 60 s clip is 720 KB.
 */
export async function audioClip(file: string, start: number, seconds: number): Promise<Buffer> {
  const out = await run(
    ffmpegPath,
    // -ss before -i seeks by the index (fast in a long file) and is exact when the audio is re-encoded.
    ['-v', 'error', '-nostdin', '-ss', start.toFixed(3), '-i', file, '-t', seconds.toFixed(3), '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '96k', '-f', 'mp3', 'pipe:1'],
    mediaToolTimeouts.clipMs,
  );
  if (out.length === 0) throw new MediaToolError('no audio in that span');
  return out;
}
