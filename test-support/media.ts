import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Real media for the video search's tests, made with Debian's ffmpeg (.ci/run installs it): a small
 * VP8/Vorbis WebM (Chromium plays it without proprietary codecs) of `seconds` length.
 */
export function makeVideo(file: string, seconds = 12): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      '-v', 'error', '-y', '-nostdin',
      '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=160x90:rate=10`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-c:v', 'libvpx', '-b:v', '200k', '-deadline', 'realtime', '-cpu-used', '8',
      '-c:a', 'libvorbis', '-shortest', file,
    ],
    { stdio: 'ignore' },
  );
}

/**
 * An audio file (Vorbis) whose first `loudSeconds` are loud noise and the rest a quiet tone: a VBR
 * encoder spends many bits on the first part and few on the rest, so a length guessed from the
 * first frames' bit rate is far from the true one.
 */
export function makeUnevenAudio(file: string, seconds = 70, loudSeconds = 30): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      '-v', 'error', '-y', '-nostdin',
      '-f', 'lavfi', '-i', `anoisesrc=duration=${seconds}:amplitude=0.5`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-filter_complex', `[0][1]amix=inputs=2,volume='if(lt(t,${loudSeconds}),1,0.02)':eval=frame`,
      '-ac', '1', '-c:a', 'libvorbis', file,
    ],
    { stdio: 'ignore' },
  );
}

/** A video with a Japanese text subtitle track inside it (Matroska), for embedded-track extraction. */
export function makeVideoWithEmbeddedSubtitles(file: string, srtFile: string, seconds = 12): void {
  const plain = `${file}.plain.webm`;
  makeVideo(plain, seconds);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-nostdin', '-i', plain, '-i', srtFile, '-map', '0', '-map', '1', '-c', 'copy', '-c:s', 'srt', '-metadata:s:s:0', 'language=jpn', file], { stdio: 'ignore' });
  fs.rmSync(plain);
}

export interface Line {
  start: number;
  end: number;
  text: string;
}

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0');
  const s = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
  return `${h}:${m}:${s},${String(ms % 1000).padStart(3, '0')}`;
};

export function srt(lines: readonly Line[]): string {
  return lines.map((line, index) => `${index + 1}\r\n${stamp(line.start)} --> ${stamp(line.end)}\r\n${line.text}\r\n`).join('\r\n');
}

/**
 * Everyday lines of spoken Japanese, as they appear in drama subtitles; the tests search them for
 * words a learner looks up (大丈夫, 行く and its forms, 食べる).
 */
export const dramaLines: readonly Line[] = [
  { start: 1, end: 3, text: 'おはよう。今日は早いね。' },
  { start: 3.5, end: 5.5, text: '大丈夫？顔色が悪いよ。' },
  { start: 6, end: 8, text: 'うん、ちょっと寝不足なだけ。' },
  { start: 8.5, end: 10.5, text: '駅まで一緒に行こうか。' },
];

export const travelLines: readonly Line[] = [
  { start: 1, end: 4, text: '京都には昨日の夜に着きました。' },
  { start: 4.5, end: 7, text: '朝ご飯を食べてから、お寺に行きました。' },
  { start: 7.5, end: 10, text: '大丈夫、道はちゃんと覚えています。' },
];
