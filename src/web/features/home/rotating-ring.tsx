import classes from './home-page.module.css';

/** A ring of text that turns slowly (spec §2: Home is "a ring of rotating text"). */
export function RotatingRing({ text }: { text: string }) {
  const characters = Array.from(text);
  const step = 360 / characters.length;
  return (
    <div className={classes.ring} role="img" aria-label={text.replaceAll(' · ', ', ').trim()}>
      <div className={classes.rotor}>
        {characters.map((character, index) => (
          <span key={index} className={classes.glyph} style={{ transform: `rotate(${index * step}deg)` }}>
            {character}
          </span>
        ))}
      </div>
      <span className={classes.center} aria-hidden="true">
        言
      </span>
    </div>
  );
}
