import type { KeysOf } from '../../../lib/i18n/i18n';
import type { Translate } from '../../../lib/i18n/use-t';
import type { catalogue } from '../i18n';

/**
 * The server names each conjugation it undid in English (src/server/dict/deinflect.ts);
 * the modal shows them in the interface language: `rule.<name>` in the catalogue. A name not
 * listed here (a rule added later) shows as the server wrote it.
 */
const ruleKeys: Record<string, KeysOf<typeof catalogue>> = {
  'te-form': 'rule.teForm',
  'past': 'rule.past',
  'masu stem': 'rule.masuStem',
  'polite': 'rule.polite',
  'polite past': 'rule.politePast',
  'polite negative': 'rule.politeNegative',
  'polite past negative': 'rule.politePastNegative',
  'polite volitional': 'rule.politeVolitional',
  'polite te-form': 'rule.politeTeForm',
  'negative': 'rule.negative',
  'negative te-form': 'rule.negativeTeForm',
  '-zu (negative)': 'rule.zuNegative',
  '-zu ni (without doing)': 'rule.zuNiWithoutDoing',
  'desire (-tai)': 'rule.desireTai',
  'ease (-yasui)': 'rule.easeYasui',
  'difficulty (-nikui)': 'rule.difficultyNikui',
  'appearance (-sou)': 'rule.appearanceSou',
  'excess (-sugiru)': 'rule.excessSugiru',
  'while (-nagara)': 'rule.whileNagara',
  'imperative (-nasai)': 'rule.imperativeNasai',
  'potential': 'rule.potential',
  'potential or passive': 'rule.potentialOrPassive',
  'potential (colloquial)': 'rule.potentialColloquial',
  'passive': 'rule.passive',
  'causative': 'rule.causative',
  'causative passive': 'rule.causativePassive',
  'volitional': 'rule.volitional',
  'imperative': 'rule.imperative',
  'conditional (-ba)': 'rule.conditionalBa',
  'conditional (-tara)': 'rule.conditionalTara',
  'alternative (-tari)': 'rule.alternativeTari',
  'adverbial (-ku)': 'rule.adverbialKu',
  'noun (-sa)': 'rule.nounSa',
  'polite (-desu)': 'rule.politeDesu',
  'attributive (-na)': 'rule.attributiveNa',
  'adverbial (-ni)': 'rule.adverbialNi',
  'copula (da)': 'rule.copulaDa',
  'copula past (datta)': 'rule.copulaPastDatta',
  'copula te-form (de)': 'rule.copulaTeFormDe',
  'polite copula (desu)': 'rule.politeCopulaDesu',
  'polite copula past (deshita)': 'rule.politeCopulaPastDeshita',
  'presumptive (darou)': 'rule.presumptiveDarou',
  'conditional (nara)': 'rule.conditionalNara',
  'obligation (-nakereba naranai)': 'rule.obligationNakerebaNaranai',
  'obligation (-nakereba narimasen)': 'rule.obligationNakerebaNarimasen',
  'obligation (-nakya, colloquial)': 'rule.obligationNakyaColloquial',
  'prohibition (-te wa ikenai)': 'rule.prohibitionTeWaIkenai',
  'progressive (-te iru)': 'rule.progressiveTeIru',
  'completion (-te shimau)': 'rule.completionTeShimau',
  'preparation (-te oku)': 'rule.preparationTeOku',
  'attempt (-te miru)': 'rule.attemptTeMiru',
  'resulting state (-te aru)': 'rule.resultingStateTeAru',
  'request (-te kudasai)': 'rule.requestTeKudasai',
  'favour received (-te morau)': 'rule.favourReceivedTeMorau',
  'favour given (-te kureru)': 'rule.favourGivenTeKureru',
  'favour given (-te kudasaru)': 'rule.favourGivenTeKudasaru',
  'favour done (-te ageru)': 'rule.favourDoneTeAgeru',
  'favour done (-te yaru)': 'rule.favourDoneTeYaru',
  'going on (-te iku)': 'rule.goingOnTeIku',
  'coming (-te kuru)': 'rule.comingTeKuru',
  'even if (-te mo)': 'rule.evenIfTeMo',
  'completion (-chau)': 'rule.completionChau',
  'preparation (-toku)': 'rule.preparationToku',
};

export function ruleName(t: Translate<KeysOf<typeof catalogue>>, rule: string): string {
  const key = Object.hasOwn(ruleKeys, rule) ? ruleKeys[rule] : undefined;
  return key ? t(key) : rule;
}
