"""Transcribes one recording with faster-whisper from a local CTranslate2 model directory.

Spawned by faster-whisper.transcriber.ts. ffmpeg streams the audio as 16 kHz mono float32; it is
cut into pieces of about --chunk-sec at the quietest 0.1 s near each piece's end, and each piece is
transcribed with its time offset added, so memory stays bounded whatever the recording's length.
Writes JSON lines to stdout: ready, progress, segment (with words), piece (every segment before
its endSec has been written: a checkpoint to resume from with --start-sec), done; or error.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

os.environ["HF_HUB_OFFLINE"] = "1"  # never download at run time

SAMPLE_RATE = 16000
SEARCH = 10 * SAMPLE_RATE  # look for the cut in the last 10 s of a piece
WINDOW = SAMPLE_RATE // 10


def emit(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def pieces(stream, size, np, start):
    """Yields (offset_sec, samples) pieces of about `size` samples, cut at quiet moments."""
    carry = np.zeros(0, np.float32)
    offset = int(round(start * SAMPLE_RATE))
    eof = False
    while not eof or len(carry):
        need = size - len(carry)
        if not eof and need > 0:
            buf = stream.read(need * 4)
            if len(buf) < need * 4:
                eof = True
            carry = np.concatenate([carry, np.frombuffer(buf[: len(buf) // 4 * 4], np.float32)])
        if eof or len(carry) <= size - SEARCH:
            piece, carry = carry, np.zeros(0, np.float32)
        else:
            tail = carry[-SEARCH:]
            energy = np.square(tail[: len(tail) // WINDOW * WINDOW]).reshape(-1, WINDOW).sum(1)
            cut = len(carry) - SEARCH + int(energy.argmin()) * WINDOW + WINDOW // 2
            piece, carry = carry[:cut], carry[cut:].copy()
        yield offset / SAMPLE_RATE, piece
        offset += len(piece)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", required=True)
    parser.add_argument("--audio", required=True)
    parser.add_argument("--language", default="")
    parser.add_argument("--chunk-sec", type=float, default=300)
    parser.add_argument("--start-sec", type=float, default=0)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--beam", type=int, default=1)
    parser.add_argument("--compute", default="int8")
    parser.add_argument("--ffmpeg", default="ffmpeg")
    parser.add_argument("--hotwords", default="")
    parser.add_argument("--prompt", default="")
    parser.add_argument("--vad", action="store_true")  # skip stretches the Silero VAD hears no speech in
    parser.add_argument("--audio-filter", default="")  # an ffmpeg -af chain applied while decoding
    parser.add_argument("--condition-on-previous-text", action="store_true")
    parser.add_argument("--patience", type=float, default=1)
    parser.add_argument("--repetition-penalty", type=float, default=1)
    parser.add_argument("--no-repeat-ngram-size", type=int, default=0)
    parser.add_argument("--no-temperature-fallback", action="store_true")  # temperature 0 only
    parser.add_argument("--hallucination-silence-sec", type=float, default=0)
    args = parser.parse_args()

    started = time.time()
    import numpy as np
    from faster_whisper import WhisperModel

    threads = args.threads or (os.cpu_count() or 2)
    model = WhisperModel(args.model, device="cpu", compute_type=args.compute, cpu_threads=threads, local_files_only=True)
    # The decoding settings as received, so the caller can confirm what ran.
    decoding = {
        "beamSize": args.beam,
        "vad": args.vad,
        "audioFilter": args.audio_filter,
        "conditionOnPreviousText": args.condition_on_previous_text,
        "patience": args.patience,
        "repetitionPenalty": args.repetition_penalty,
        "noRepeatNgramSize": args.no_repeat_ngram_size,
        "temperatureFallback": not args.no_temperature_fallback,
        "hallucinationSilenceSec": args.hallucination_silence_sec,
        "computeType": args.compute,
    }
    emit({"type": "ready", "loadSec": round(time.time() - started, 2), "decoding": decoding, "prompt": args.prompt})

    ffmpeg = subprocess.Popen(
        [args.ffmpeg, "-nostdin", "-v", "error", "-ss", str(args.start_sec), "-i", args.audio, *(["-af", args.audio_filter] if args.audio_filter else []), "-f", "f32le", "-ac", "1", "-ar", str(SAMPLE_RATE), "-"],
        stdout=subprocess.PIPE,
    )
    language = args.language or None
    duration = args.start_sec
    for offset, piece in pieces(ffmpeg.stdout, int(args.chunk_sec * SAMPLE_RATE), np, args.start_sec):
        piece_sec = len(piece) / SAMPLE_RATE
        if piece_sec >= 0.5:
            segments, info = model.transcribe(
                piece,
                language=language,
                beam_size=args.beam,
                word_timestamps=True,
                condition_on_previous_text=args.condition_on_previous_text,
                patience=args.patience,
                repetition_penalty=args.repetition_penalty,
                no_repeat_ngram_size=args.no_repeat_ngram_size,
                **({"temperature": 0.0} if args.no_temperature_fallback else {}),
                hallucination_silence_threshold=args.hallucination_silence_sec or None,
                vad_filter=args.vad,
                hotwords=args.hotwords or None,  # a decoding hint in every window's prompt
                initial_prompt=args.prompt or None,  # the piece's first window (when conditioned: the start of the carried context)
            )
            language = language or info.language  # detected once, then kept for the next pieces
            for s in segments:
                emit({
                    "type": "segment",
                    "start": round(s.start + offset, 3),
                    "end": round(s.end + offset, 3),
                    "text": s.text.strip(),
                    "words": [
                        {"word": w.word.strip(), "start": round(w.start + offset, 3), "end": round(w.end + offset, 3), "probability": round(w.probability, 3)}
                        for w in (s.words or [])
                    ],
                })
                emit({"type": "progress", "processedSec": round(min(s.end, piece_sec) + offset, 3)})
        duration = offset + piece_sec
        emit({"type": "progress", "processedSec": round(duration, 3)})
        emit({"type": "piece", "endSec": round(duration, 3), "language": language or ""})
    if ffmpeg.wait() != 0:
        emit({"type": "error", "message": "ffmpeg could not decode the audio"})
        sys.exit(2)
    emit({
        "type": "done",
        "durationSec": round(duration, 3),
        "language": language or "",
        "elapsedSec": round(time.time() - started, 2),
        "peakRssMb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    })


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(1)
    except Exception as error:  # reported as one line for the Node side
        emit({"type": "error", "message": f"{type(error).__name__}: {error}"})
        sys.exit(1)
