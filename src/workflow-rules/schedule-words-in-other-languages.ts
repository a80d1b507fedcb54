/**
 * The words of a recurrence in Spanish, French, German, Italian, Portuguese and Dutch, as the English
 * words the schedule grammar reads ("cada primer lunes de mes" is "every first monday of month",
 * "chaque dimanche soir" is "every sunday evening"). Goals mix languages ("cada lunes post the
 * promo"); one table of words keeps the grammar one grammar. Written with and without accents, as
 * people type both. A word that is also English ("tag", "die", "e", "a", "as") is not here, or only
 * inside a phrase that says which it is ("jeden tag").
 */

/** Phrases of two or three tokens (as the tokenizer splits them) and the English words for them. */
/** Dutch hours by name, for "half negen" (half an hour before nine: 8:30) and "om negen uur". */
const DUTCH_HOURS = ['een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen', 'tien', 'elf', 'twaalf'];
const ENGLISH_HOURS = ['twelve', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

export const RECURRENCE_PHRASES: ReadonlyMap<string, readonly string[]> = new Map([
  ['jeden tag', ['every', 'day']],
  ['tous les jours', ['every', 'day']],
  ['todos los días', ['every', 'day']],
  ['todos los dias', ['every', 'day']],
  ['todos os dias', ['every', 'day']],
  ['tutti i giorni', ['every', 'day']],
  ['toutes les semaines', ['every', 'week']],
  ['todas las semanas', ['every', 'week']],
  ['todas as semanas', ['every', 'week']],
  ['tous les mois', ['every', 'month']],
  ['todos los meses', ['every', 'month']],
  ['todos os meses', ['every', 'month']],
  ['jede woche', ['every', 'week']],
  // Dutch: "half negen" is half past eight; "'s ochtends", "'s middags", "'s avonds" are the parts of the day.
  ...DUTCH_HOURS.flatMap((hour, index): [string, string[]][] => [
    [`om half ${hour}`, ['at', ENGLISH_HOURS[index], 'thirty']],
    [`half ${hour}`, [ENGLISH_HOURS[index], 'thirty']],
  ]),
  ...["'", '’'].flatMap((mark) =>
    [
      ['ochtends', 'morning'],
      ['middags', 'afternoon'],
      ['avonds', 'evening'],
    ].map(([part, english]): [string, string[]] => [`${mark} s ${part}`, ['in', 'the', english]]),
  ),
  ['après - midi', ['afternoon']],
  ['apres - midi', ['afternoon']],
  ['après - midis', ['afternoons']],
  ['segunda - feira', ['monday']],
  ['terça - feira', ['tuesday']],
  ['terca - feira', ['tuesday']],
  ['quarta - feira', ['wednesday']],
  ['quinta - feira', ['thursday']],
  ['sexta - feira', ['friday']],
  ['días laborables', ['weekdays']],
  ['dias laborables', ['weekdays']],
  ['días hábiles', ['weekdays']],
  ['jours ouvrables', ['weekdays']],
  ['jours ouvrés', ['weekdays']],
  ['jours ouvres', ['weekdays']],
  ['dias úteis', ['weekdays']],
  ['dias uteis', ['weekdays']],
  ['giorni feriali', ['weekdays']],
  ['entre semana', ['weekdays']],
  ['fin de semana', ['weekend']],
  ['fines de semana', ['weekends']],
  ['por la mañana', ['in', 'the', 'morning']],
  ['por la manana', ['in', 'the', 'morning']],
  ['de la mañana', ['in', 'the', 'morning']],
  ['de la manana', ['in', 'the', 'morning']],
  ['por la tarde', ['in', 'the', 'afternoon']],
  ['de la tarde', ['in', 'the', 'afternoon']],
  ['por la noche', ['at', 'night']],
  ['de la noche', ['at', 'night']],
  ['du matin', ['in', 'the', 'morning']],
  ['le matin', ['in', 'the', 'morning']],
  ['du soir', ['in', 'the', 'evening']],
  ['le soir', ['in', 'the', 'evening']],
  ['am morgen', ['in', 'the', 'morning']],
  ['am nachmittag', ['in', 'the', 'afternoon']],
  ['am abend', ['in', 'the', 'evening']],
  ['di mattina', ['in', 'the', 'morning']],
  ['del pomeriggio', ['in', 'the', 'afternoon']],
  ['di sera', ['in', 'the', 'evening']],
  ['da manhã', ['in', 'the', 'morning']],
  ['de manhã', ['in', 'the', 'morning']],
  ['da tarde', ['in', 'the', 'afternoon']],
  ['à tarde', ['in', 'the', 'afternoon']],
  ['da noite', ['at', 'night']],
  ['à noite', ['at', 'night']],
  ['de mes', ['of', 'the', 'month']],
  ['del mes', ['of', 'the', 'month']],
  ['du mois', ['of', 'the', 'month']],
  ['do mês', ['of', 'the', 'month']],
  ['do mes', ['of', 'the', 'month']],
  ['del mese', ['of', 'the', 'month']],
  ['a las', ['at']],
  ['al mediodía', ['at', 'noon']],
  ['al mediodia', ['at', 'noon']],
  ['dia útil', ['working', 'day']],
  ['dia util', ['working', 'day']],
  ['día hábil', ['working', 'day']],
  ['dia habil', ['working', 'day']],
  ['día laborable', ['working', 'day']],
  ['jour ouvré', ['working', 'day']],
  ['jour ouvrable', ['working', 'day']],
  ['giorno lavorativo', ['working', 'day']],
  ['a mezzogiorno', ['at', 'noon']],
  ['a mediodía', ['at', 'noon']],
  ['a mediodia', ['at', 'noon']],
  ['ao meio - dia', ['at', 'noon']],
  ['meio - dia', ['noon']],
  ['à la', ['at']],
  ['de la', []],
  ['de las', []],
  ['par semaine', ['a', 'week']],
  ['por semana', ['a', 'week']],
  ['pro woche', ['a', 'week']],
  ['des monats', ['of', 'the', 'month']],
  ['im monat', ['of', 'the', 'month']],
  ['jedes monats', ['of', 'every', 'month']],
  ['jeden monats', ['of', 'every', 'month']],
  // "am letzten Tag jedes Monats" ("Tag" alone is also English, so only in the phrase).
  ['am letzten tag', ['on', 'the', 'last', 'day']],
  ['letzten tag', ['the', 'last', 'day']],
]);

/**
 * Each day by its names in Spanish, French, Italian and Portuguese, in German, and in the plural ("los lunes" are "lundis",
 * "montags"). German joins a day to its time of day in one word ("Sonntagabend", "Freitagnachmittag"): the day, then the time.
 */
const DAYS: { english: string; names: string[]; german: string[]; plurals: string[] }[] = [
  { english: 'monday', names: ['lunes', 'lundi', 'lunedì', 'lunedi', 'segunda', 'maandag'], german: ['montag'], plurals: ['lundis', 'montags', 'segundas', 'maandags'] },
  { english: 'tuesday', names: ['martes', 'mardi', 'martedì', 'martedi', 'terça', 'terca', 'dinsdag'], german: ['dienstag'], plurals: ['mardis', 'dienstags', 'terças', 'tercas', 'dinsdags'] },
  { english: 'wednesday', names: ['miércoles', 'miercoles', 'mercredi', 'mercoledì', 'mercoledi', 'quarta', 'woensdag'], german: ['mittwoch'], plurals: ['mercredis', 'mittwochs', 'quartas', 'woensdags'] },
  { english: 'thursday', names: ['jueves', 'jeudi', 'giovedì', 'giovedi', 'quinta', 'donderdag'], german: ['donnerstag'], plurals: ['jeudis', 'donnerstags', 'quintas', 'donderdags'] },
  { english: 'friday', names: ['viernes', 'vendredi', 'venerdì', 'venerdi', 'sexta', 'vrijdag'], german: ['freitag'], plurals: ['vendredis', 'freitags', 'sextas', 'vrijdags'] },
  { english: 'saturday', names: ['sábado', 'sabado', 'samedi', 'sabato', 'zaterdag'], german: ['samstag', 'sonnabend'], plurals: ['sábados', 'sabados', 'samedis', 'samstags', 'zaterdags'] },
  { english: 'sunday', names: ['domingo', 'dimanche', 'domenica', 'zondag'], german: ['sonntag'], plurals: ['domingos', 'dimanches', 'sonntags', 'zondags'] },
];
/** Months in Spanish, French, German, Italian, Portuguese and Dutch, for dates of the year ("1º de janeiro e 1º de julho"). */
const MONTHS: { english: string; names: string[] }[] = [
  { english: 'january', names: ['enero', 'janvier', 'januar', 'gennaio', 'janeiro', 'januari'] },
  { english: 'february', names: ['febrero', 'février', 'fevrier', 'februar', 'febbraio', 'fevereiro', 'februari'] },
  { english: 'march', names: ['marzo', 'mars', 'märz', 'marz', 'março', 'marco', 'maart'] },
  { english: 'april', names: ['abril', 'avril', 'aprile'] },
  { english: 'may', names: ['mayo', 'mai', 'maggio', 'maio', 'mei'] },
  { english: 'june', names: ['junio', 'juin', 'juni', 'giugno', 'junho'] },
  { english: 'july', names: ['julio', 'juillet', 'juli', 'luglio', 'julho'] },
  { english: 'august', names: ['agosto', 'août', 'aout', 'augustus'] },
  { english: 'september', names: ['septiembre', 'setiembre', 'septembre', 'settembre', 'setembro'] },
  { english: 'october', names: ['octubre', 'octobre', 'oktober', 'ottobre', 'outubro'] },
  { english: 'november', names: ['noviembre', 'novembre', 'novembro'] },
  { english: 'december', names: ['diciembre', 'décembre', 'decembre', 'dezember', 'dicembre', 'dezembro'] },
];
const GERMAN_TIMES_OF_DAY: [string, string][] = [
  ['morgen', 'morning'],
  ['vormittag', 'morning'],
  ['mittag', 'noon'],
  ['nachmittag', 'afternoon'],
  ['abend', 'evening'],
  ['nacht', 'night'],
];

const DUTCH_TIMES_OF_DAY: [string, string][] = [
  ['ochtend', 'morning'],
  ['middag', 'afternoon'],
  ['avond', 'evening'],
  ['nacht', 'night'],
];

const WORDS: [string[], string[]][] = [
  [['cada', 'chaque', 'jeden', 'jede', 'jedes', 'jeder', 'immer', 'ogni', 'todo', 'toda', 'todos', 'todas', 'tous', 'toutes', 'elke', 'iedere', 'ieder'], ['every']],
  // Not another language: the misspellings of "every" people type in a hurry.
  [['evry', 'evrey', 'everey', 'eveyr', 'evey'], ['every']],
  // Nor are the units people shorten: "every 6 hrs", "every 2 wks".
  [['hrs', 'hr'], ['hours']],
  [['wks', 'wk'], ['weeks']],
  ...DAYS.flatMap(({ english, german }) => german.flatMap((day) => GERMAN_TIMES_OF_DAY.map(([time, englishTime]): [string[], string[]] => [[`${day}${time}`], [english, englishTime]]))),
  // Dutch joins them too: "zondagavond", "vrijdagmiddag".
  ...DAYS.flatMap(({ english, names }) =>
    names.filter((name) => name.endsWith('dag')).flatMap((day) => DUTCH_TIMES_OF_DAY.map(([time, englishTime]): [string[], string[]] => [[`${day}${time}`], [english, englishTime]])),
  ),
  ...DAYS.map(({ english, names, german }): [string[], string[]] => [[...names, ...german], [english]]),
  ...DAYS.map(({ english, plurals }): [string[], string[]] => [plurals, [`${english}s`]]),
  ...MONTHS.map(({ english, names }): [string[], string[]] => [names, [english]]),
  [['werktags', 'wochentags', 'werkdagen', 'doordeweeks'], ['weekdays']],
  [['werkdag'], ['weekday']],
  // "jeden Monatsletzten", "am Monatsende": the last day of the month, in one German word.
  [['monatsletzten', 'monatsletzte', 'monatsende'], ['last', 'day', 'of', 'the', 'month']],
  [['mañana', 'manana', 'matin', 'mattina', 'vormittag', 'ochtend'], ['morning']],
  [['mañanas', 'mananas', 'matins', 'morgens', 'vormittags'], ['mornings']],
  [['tarde', 'nachmittag', 'pomeriggio', 'middag'], ['afternoon']],
  [['tardes', 'nachmittags'], ['afternoons']],
  [['soir', 'soirée', 'soiree', 'abend', 'sera', 'avond'], ['evening']],
  [['soirs', 'abends'], ['evenings']],
  [['noche', 'nuit', 'nacht', 'notte', 'noite'], ['night']],
  [['noches', 'nachts', 'noites'], ['nights']],
  [['mediodía', 'mediodia', 'midi', 'mittag', 'mittags', 'mezzogiorno'], ['noon']],
  [['medianoche', 'minuit', 'mitternacht', 'mezzanotte'], ['midnight']],
  [['primer', 'primero', 'primera', 'premier', 'première', 'premiere', 'erster', 'erste', 'ersten', 'primo', 'prima', 'primeiro', 'primeira'], ['first']],
  [['deuxième', 'deuxieme', 'zweiter', 'zweite', 'zweiten', 'secondo'], ['second']],
  [['tercer', 'tercero', 'tercera', 'troisième', 'troisieme', 'dritter', 'dritte', 'dritten', 'terzo', 'terceiro', 'terceira'], ['third']],
  [['cuarto', 'cuarta', 'quatrième', 'quatrieme', 'vierter', 'vierte', 'vierten'], ['fourth']],
  [['último', 'última', 'ultimo', 'ultima', 'dernier', 'dernière', 'derniere', 'letzter', 'letzte', 'letzten'], ['last']],
  [['mes', 'mois', 'monat', 'monats', 'mese', 'mês', 'maand'], ['month']],
  [['meses', 'monate', 'mesi'], ['months']],
  [['semana', 'semaine', 'woche', 'settimana'], ['week']],
  // "ano" is Portuguese; "anno" Italian; "année", "an" French (only "année": "an" is English).
  [['año', 'ano', 'année', 'annee', 'jahr', 'jahres', 'anno', 'jaar'], ['year']],
  [['anual', 'anualmente', 'annuel', 'annuelle', 'jährlich', 'jahrlich', 'annuale', 'jaarlijks'], ['yearly']],
  [['semanas', 'semaines', 'wochen', 'settimane'], ['weeks']],
  [['día', 'dia', 'jour', 'giorno', 'dag'], ['day']],
  [['días', 'dias', 'jours', 'tage', 'giorni'], ['days']],
  [['diario', 'diaria', 'diariamente', 'quotidien', 'quotidienne', 'quotidiennement', 'täglich', 'taglich', 'giornalmente', 'diário'], ['daily']],
  [['semanal', 'semanalmente', 'hebdomadaire', 'wöchentlich', 'wochentlich', 'settimanale'], ['weekly']],
  [['mensual', 'mensualmente', 'mensuel', 'mensuelle', 'monatlich', 'mensile', 'mensal'], ['monthly']],
  [['dos', 'deux', 'zwei', 'dois'], ['two']],
  [['tres', 'trois', 'drei', 'tre', 'três'], ['three']],
  [['à', 'às', 'alle'], ['at']],
  // The Portuguese "em" before a date ("em 1 de março"); the German "am" is also English ("9 am") and is left alone.
  [['em'], ['on']],
  [['de', 'di'], ['of']],
  [['del', 'du', 'des', 'dello', 'della'], ['of', 'the']],
  [['nel', 'nella', 'nello'], ['in', 'the']],
  [['el', 'le', 'la', 'il'], ['the']],
  // Plural articles ("todos los lunes") and the hour's unit ("9 Uhr", "9h") say nothing the grammar needs.
  [['les', 'los', 'las', 'lo', 'der', 'das', 'den', 'dem', 'uhr', 'uur', 'h', 'heures', 'horas'], []],
];

/** Single words and the English words for them (none: the word is left out). */
export const RECURRENCE_WORDS: ReadonlyMap<string, readonly string[]> = new Map(WORDS.flatMap(([words, english]) => words.map((word) => [word, english])));

/**
 * Words that join two days ("de lunes a viernes", "lundi et jeudi") or, for "and", two times ("à 9h et 14h"), and
 * only there: "ET" before a verb is the Eastern time zone, "a" before a noun the English article.
 */
export const JOINING_WORDS: ReadonlyMap<string, 'to' | 'and'> = new Map([
  ...['a', 'à', 'au', 'al', 'bis', 'ao', 'tot'].map((word): [string, 'to'] => [word, 'to']),
  ...['y', 'et', 'und', 'e', 'en'].map((word): [string, 'and'] => [word, 'and']),
]);

/** "um 9": a word that says "at" only before a number. */
export const AT_BEFORE_A_NUMBER: ReadonlySet<string> = new Set(['um', 'om']);
