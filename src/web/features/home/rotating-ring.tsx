import classes from './home-page.module.css';

/**
 * A ring of text that turns slowly (docs/behaviour.md "Shell": Home is a ring of rotating text).
 * Its words are Japanese and the product's name, shown as they are in every interface language.
 */
export function RotatingRing({ text }: { text: string }) {
  const characters = Array.from(text);
  const step = 360 / characters.length;
  return (
    <div className={classes.ring} role="img" aria-label={text.replaceAll(' · ', ', ').trim()} translate="no" lang="ja">
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
