import type { InfluxLanguage } from '@guildhall/contract';
import { useId } from 'react';
import { LANGUAGE_NAMES } from './language-name';

interface LanguagePickerProps {
  languages: readonly InfluxLanguage[];
  value: InfluxLanguage;
  onChange: (language: InfluxLanguage) => void;
}

/** Which language to write in, offered only where the server speaks more than one (2.x: Flux and InfluxQL). */
export function LanguagePicker({ languages, value, onChange }: LanguagePickerProps) {
  const id = useId();
  return (
    <label className="influx-field" htmlFor={id}>
      Language
      <select
        id={id}
        className="input influx-select"
        value={value}
        onChange={(event) => onChange(languages.find((language) => language === event.target.value) ?? value)}
      >
        {languages.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
