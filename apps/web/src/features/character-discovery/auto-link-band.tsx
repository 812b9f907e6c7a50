import { AUTO_LINK, type AutoLinkGroup, type ConfidenceBand, type MATCHED_AGAINST } from '@guildhall/contract';
import { Avatar } from '../../ui/avatar';
import { Badge, type BadgeTone } from '../../ui/badge';
import { CharacterName } from './character-name';
import { itemLevelText, scoreText } from './character-text';
import '../../styles/character-cards.css';

const percent = (score: number) => Math.round(score * 100);

/** Each band's title and range (spec 1 §2), from the contract's thresholds. */
export const BAND_TEXT: Record<ConfidenceBand, { title: string; range: string; tone: BadgeTone }> = {
  high: { title: 'High confidence', range: `${percent(AUTO_LINK.bands.high)}% and above`, tone: 'good' },
  medium: {
    title: 'Medium confidence',
    range: `${percent(AUTO_LINK.bands.medium)}-${percent(AUTO_LINK.bands.high) - 1}%`,
    tone: 'warn',
  },
  low: { title: 'Low confidence', range: `${percent(AUTO_LINK.bands.low)}-${percent(AUTO_LINK.bands.medium) - 1}%`, tone: 'bad' },
};

const MATCHED_AGAINST_LABELS: Record<(typeof MATCHED_AGAINST)[number], string> = {
  username: 'username',
  globalName: 'global name',
  nickname: 'server nickname',
  note: 'note',
};

/** One band of the auto-link results: each Discord user with the characters they match. */
export function AutoLinkBand({ band, groups }: { band: ConfidenceBand; groups: readonly AutoLinkGroup[] }) {
  const text = BAND_TEXT[band];
  const matchCount = groups.reduce((sum, group) => sum + group.matches.length, 0);
  return (
    <section
      className={`auto-link-band auto-link-band--${band}`}
      data-testid={`auto-link-band-${band}`}
      aria-labelledby={`band-${band}`}
    >
      <header className="auto-link-band__header">
        <h3 id={`band-${band}`} className="auto-link-band__title">
          {text.title} <span className="auto-link-band__range">({text.range})</span>
        </h3>
        <Badge tone={text.tone}>
          {matchCount} match{matchCount === 1 ? '' : 'es'}
        </Badge>
      </header>
      {groups.length === 0 ? (
        <p className="auto-link-band__empty">No matches in this band.</p>
      ) : (
        <ul className="auto-link-band__groups">
          {groups.map((group) => (
            <li
              key={group.discordUser.id}
              className="auto-link-group"
              data-testid="auto-link-group"
              data-member-id={group.discordUser.id}
            >
              <div className="auto-link-group__user">
                <Avatar name={group.discordUser.displayName} url={group.discordUser.avatarUrl} size={28} />
                <span className="auto-link-group__name">{group.discordUser.displayName}</span>
                <span className="muted">@{group.discordUser.username}</span>
              </div>
              <ul className="auto-link-group__matches">
                {group.matches.map((match) => (
                  <li
                    key={match.character.id}
                    className="auto-link-match"
                    data-testid="auto-link-match"
                    data-character-id={match.character.id}
                    title={match.isAmbiguous ? 'Another member matches this character as closely: link it by hand' : undefined}
                  >
                    <div className="auto-link-match__character">
                      <CharacterName name={match.character.name} characterClass={match.character.class} />
                      <span className="auto-link-match__details">
                        {[match.character.spec, match.character.class].filter(Boolean).join(' ')} ·{' '}
                        {itemLevelText(match.character.itemLevel)} · {match.character.realm}
                      </span>
                    </div>
                    <span className="auto-link-match__against" title={match.evidence || undefined}>
                      matched {MATCHED_AGAINST_LABELS[match.matchedAgainst]} “{match.matchedName}”
                      {transliterationOf(match.evidence) && ` · ${transliterationOf(match.evidence)}`}
                    </span>
                    <span className="auto-link-match__badges">
                      {match.isAmbiguous && (
                        <Badge tone="warn" data-testid="auto-link-ambiguous-badge">
                          Ambiguous
                        </Badge>
                      )}
                      <Badge tone={text.tone} className="auto-link-match__score">
                        {scoreText(match.score)}
                      </Badge>
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The transliteration a cross-script match was read through ('transliterated: Громмаш → grommash'), if any. */
function transliterationOf(evidence: string): string | null {
  return /transliterated: [^,;]+/.exec(evidence)?.[0] ?? null;
}
