import { Fragment } from 'react';

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** The body cut into text and links, each with its offset in the body (a stable key). */
function splitLinks(text: string): { offset: number; part: string; isLink: boolean }[] {
  let offset = 0;
  return text.split(LINK).map((part, index) => {
    const piece = { offset, part, isLink: index % 2 === 1 };
    offset += part.length;
    return piece;
  });
}

/** A plain-text mail body with its links clickable, so a verification or reset link can be followed from here. */
export function MailText({ text }: { text: string }) {
  return (
    <pre className="mail-text">
      {splitLinks(text).map(({ offset, part, isLink }) =>
        isLink ? (
          <a key={offset} href={part} target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={offset}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}
