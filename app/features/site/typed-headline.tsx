import { useEffect, useState } from "react";

const TYPING_MS_PER_CHARACTER = 80;
const TYPING_PAUSE_MS = 2000;

/**
 * The hero's headline, typed letter by letter (80 ms a character, a 2000 ms pause before it
 * restarts). The server renders it whole, so the first paint (and visitors
 * without JavaScript, or who prefer reduced motion) show the full headline; the typing starts
 * after the pause. An invisible copy holds the size, so typing never moves the page.
 */
export function TypedHeadline({ text, className }: { text: string; className?: string }) {
  const [shown, setShown] = useState(text.length);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let timer: ReturnType<typeof setTimeout>;
    let count = text.length;
    const step = () => {
      if (count >= text.length) {
        timer = setTimeout(() => {
          count = 0;
          setShown(0);
          timer = setTimeout(step, TYPING_MS_PER_CHARACTER);
        }, TYPING_PAUSE_MS);
        return;
      }
      count += 1;
      setShown(count);
      timer = setTimeout(step, TYPING_MS_PER_CHARACTER);
    };
    step();
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <h1 className={className}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" className="grid">
        <span className="invisible col-start-1 row-start-1">{text}</span>
        <span data-typed className="typing-caret col-start-1 row-start-1">
          {text.slice(0, shown)}
        </span>
      </span>
    </h1>
  );
}
