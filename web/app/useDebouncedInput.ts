import { useEffect, useRef, useState } from "react";

/**
 * What is typed into a box whose value applies after a pause in typing (`flush` applies it at once: Enter, leaving
 * the box). The box follows `value` when it changes elsewhere (a cleared filter, the back button), but not when
 * the change is the box's own text coming back, which would undo keys typed meanwhile.
 */
export function useDebouncedInput(value: string, apply: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const applied = useRef(value);
  const applyNow = useRef(apply);
  applyNow.current = apply;

  useEffect(() => {
    if (value !== applied.current) setText(value);
    applied.current = value;
  }, [value]);

  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => {
      applied.current = text;
      applyNow.current(text);
    }, delayMs);
    return () => clearTimeout(t);
  }, [text, value, delayMs]);

  return {
    text,
    setText,
    flush() {
      if (text === value) return;
      applied.current = text;
      applyNow.current(text);
    },
  };
}
