// A labelled set of names across scripts (issue 35): characters of Russian, Chinese, Korean and Japanese realms
// named in their own script against members who write their names in Latin letters, and the other way round, with
// the near misses a guild really has ('snezhok' is not Снежинка, 'xiaomei' is not 小明) and names two characters
// share once spelled in Latin letters ('小明' and '晓明'). Built in code: small enough to read whole.
import { type EvaluationSet, SetBuilder } from './set-builder';

type Member = [username: string, globalName: string | null, nickname: string | null];
/** A true pair: the character, its realm, and the member who plays it. */
type Pair = [character: string, realm: string, member: Member];
/** A near miss: a character of the set and a member who is somebody else. */
type NearMiss = [character: string, member: Member];

const TRUE_PAIRS: Pair[] = [
  // Russian characters, Latin Discord names, with the romanisations players type.
  ['Громмаш', 'Гордунни', ['grommash_ru', null, null]],
  ['Снежинка', 'Гордунни', ['snezhinka', null, null]],
  ['Жнец', 'Гордунни', ['jnec', 'Jnec', null]],
  ['Щукарь', 'Свежеватель Душ', ['shchukar', null, null]],
  ['Юлия', 'Свежеватель Душ', ['yuliya.heals', null, 'Yuliya']],
  ['Ёжик', 'Свежеватель Душ', ['yozhik', null, null]],
  ['Хаос', 'Ревущий фьорд', ['xaoc', null, 'Xaos']],
  ['Царица', 'Ревущий фьорд', ['tsaritsa', null, null]],
  ['Мракобес', 'Ревущий фьорд', ['mrakobes_tank', null, 'Mrakobes | Tank']],
  ['Ярослав', 'Гордунни', ['jaroslav', null, null]],
  ['Чародейка', 'Гордунни', ['charodeyka', null, null]],
  ['Медведь', 'Галакронд', ['medved', 'Medved', null]],
  ['Шептунья', 'Галакронд', ['sheptunya', null, null]],
  ['Хозяйка', 'Галакронд', ['hozyaika', null, 'Hozyaika']],
  // Latin characters, Russian Discord names.
  ['Volkodav', 'Soulflayer', ['wolfhound', null, 'Волкодав']],
  ['Bogatyr', 'Soulflayer', ['hero_1999', 'Богатырь', null]],
  ['Kolobok', 'Soulflayer', ['bun', null, 'Колобок']],
  ['Zhar', 'Soulflayer', ['firebird', null, 'Жар']],
  // Chinese characters (Taiwan and China realms), pinyin Discord names, surname and given name with or without a gap.
  ['小明', '暗影之月', ['xiaoming', null, null]],
  ['王小明', '暗影之月', ['wang.xiaoming', null, null]],
  ['张伟', '暗影之月', ['zw_88', 'Zhang Wei', null]],
  ['李娜', '语风', ['li_na', null, null]],
  ['刘洋', '语风', ['liuyang', null, 'LiuYang']],
  ['陈静', '语风', ['chenjing', null, null]],
  ['单磊', '语风', ['shanlei', null, null]],
  // Latin characters, Chinese Discord names.
  ['Xiaolong', 'Silvermoon', ['dragon_tw', null, '小龙']],
  ['Meiling', 'Silvermoon', ['ml_heals', '美玲', null]],
  // Korean characters, Latin Discord names (Revised Romanization and the spellings people use for their names).
  ['민수', '아즈샤라', ['minsu', null, null]],
  ['지훈', '아즈샤라', ['jihoon', null, 'Jihoon']],
  ['김민준', '아즈샤라', ['kimminjun', null, null]],
  ['서연', '하이잘', ['seoyeon', null, null]],
  ['박지성', '하이잘', ['parkjisung', null, null]],
  // Latin characters, Korean Discord names.
  ['Minho', 'Azshara', ['mh_kr', null, '민호']],
  ['Haneul', 'Azshara', ['sky_kr', '하늘', null]],
  // Japanese characters in kana, Latin Discord names, long vowels kept or dropped.
  ['さくら', 'Frostmourne', ['sakura_jp', null, null]],
  ['ゆうき', 'Frostmourne', ['yuki', null, null]],
  ['りゅう', 'Frostmourne', ['ryuu', null, 'Ryu']],
  ['ヒカリ', 'Frostmourne', ['hikari', null, null]],
  ['カズマ', 'Frostmourne', ['kazuma', null, null]],
  // Latin characters, Japanese Discord names.
  ['Kaede', 'Frostmourne', ['maple', null, 'かえで']],
  ['Shinobu', 'Frostmourne', ['ninja_s', 'しのぶ', null]],
];

/** Members who are somebody else, one letter or one syllable away from a character of the set. */
const NEAR_MISSES: NearMiss[] = [
  ['Снежинка', ['snezhok', null, null]],
  ['Громмаш', ['gromm', null, null]],
  ['Юлия', ['yulian', null, null]],
  ['Царица', ['tsarina', null, null]],
  ['Volkodav', ['wolfbane', null, 'Волкорез']],
  ['小明', ['xiaomei', null, null]],
  ['张伟', ['zhangwen', null, null]],
  ['刘洋', ['liuying', null, null]],
  ['민수', ['minseo', null, null]],
  ['지훈', ['jihyun', null, null]],
  ['さくら', ['sakuya', null, null]],
  ['ゆうき', ['yuka', null, null]],
  ['Kaede', ['kaeru', null, 'かえる']],
];

export function buildCrossScriptSet(): EvaluationSet {
  const set = new SetBuilder();
  const characters = new Map<string, ReturnType<SetBuilder['character']>>();
  for (const [name, realm, member] of TRUE_PAIRS) {
    const character = set.character(name, realm);
    characters.set(name, character);
    set.pair(character, set.member(...member), true, `cross-script: ${name} / ${member[2] ?? member[1] ?? member[0]}`);
  }
  for (const [name, member] of NEAR_MISSES) {
    set.pair(characters.get(name)!, set.member(...member), false, `near miss: ${name} / ${member[2] ?? member[0]}`);
  }
  // Two characters one Latin spelling apart in Chinese, and one name in two scripts: the member who plays one is a
  // namesake of the other, which a transliteration alone must not link.
  const xiaomingOwner = set.member('xiaoming_tw', null, null);
  set.pair(set.character('晓明', '暗影之月'), xiaomingOwner, true, 'namesake: 晓明 / xiaoming_tw');
  set.pair(characters.get('小明')!, xiaomingOwner, false, 'namesake: 小明 / xiaoming_tw');
  const sakuraLatin = set.character('Sakura', 'Frostmourne');
  set.pair(sakuraLatin, set.member('sakura', null, null), true, 'same script: Sakura / sakura');
  return {
    about:
      'Labelled cross-script character-member pairs for the auto-link matcher (issue 35): Russian, Chinese, Korean ' +
      'and Japanese names against Latin ones both ways, near misses, and namesakes across scripts.',
    pairs: set.pairs,
  };
}
