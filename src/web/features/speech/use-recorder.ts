import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'recording' | 'processing';
/** Why recording could not start (the screen words it: the catalogue's `recorder.<error>`). */
export type RecorderError = 'denied' | 'unavailable';

/** Records a voice sample with MediaRecorder; the result is WAV when the browser can decode its own recording. */
export function useRecorder(onRecorded: (sample: Blob) => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const [error, setError] = useState<RecorderError | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const supported = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder !== 'undefined';

  const start = useCallback(async () => {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (cause) {
      setError(cause instanceof Error && cause.name === 'NotAllowedError' ? 'denied' : 'unavailable');
      return;
    }
    const chunks: Blob[] = [];
    const next = new MediaRecorder(stream);
    next.ondataavailable = (event) => {
      if (event.data.size) chunks.push(event.data);
    };
    next.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      setState('processing');
      // The encoder loads with the first recording, not with the settings screen.
      void import('./wav')
        .then(({ recordingToWav }) => recordingToWav(new Blob(chunks, { type: next.mimeType || 'audio/webm' })))
        .then(onRecorded)
        .finally(() => setState('idle'));
    };
    recorder.current = next;
    next.start();
    setState('recording');
  }, [onRecorded]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
    recorder.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  return { state, error, supported, start, stop };
}
