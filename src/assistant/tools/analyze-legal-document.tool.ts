import { z } from 'zod';
import { withoutChatPrefixes } from '../../common/chat-export.js';
import { type AssetDraft, type AssetTool, ToolInputError, type ToolServices } from './asset-tool.js';
import { documentText, isDocument } from './attached-document.js';
import { countWords, normalizeSpace, splitSentences, truncateAtWord } from './prose.js';

export type Severity = 'high' | 'medium' | 'low';

interface RiskRule {
  id: string;
  label: string;
  /**
   * Tested one sentence at a time (with its clause heading in front, so "Confidentiality. They survive
   * indefinitely." is read as a whole); the quote is the sentence that triggered it. The heading only
   * gives the sentence its subject: the risk is in what the sentence binds or permits (see firesOn).
   */
  pattern: RegExp;
  severity: (sentence: string) => Severity;
  /** Standard wording that matches the pattern but is not a risk (a carve-out for fraud, termination for breach). */
  exempt?: RegExp;
  /**
   * The severity reads on to the end of the clause: what follows a change or an arbitration clause says how it bites
   * ("Updates take effect as soon as they are posted", "You give up the right to a jury").
   */
  readsOn?: boolean;
  /**
   * A carve-out is the risk itself, so the sentence is read whole (see withoutCarveOuts): what a liability cap or a notice period
   * "does not apply to" is left open ("Nothing in this Agreement limits the Supplier's liability").
   */
  readsCarveOuts?: boolean;
  /**
   * The heading names the risk whatever the sentence under it binds: a choice of law is a fact, stated by "Governing law. England
   * and Wales." or "Dutch law applies. Disputes go to the court of Rotterdam." (see firesOn).
   */
  namedByHeading?: boolean;
  /**
   * A heading that names the sentence's risk as another category, which it then is alone while `within` holds: a restraint kept
   * within the term under "Exclusivity." is the exclusive relationship the heading names, not a non-compete as well.
   */
  yieldsToHeading?: { heading: RegExp; within: (sentence: string) => boolean };
  /** Each side given the right in a sentence of its own, in one clause, is either party's right (see worstSentence). */
  eitherSideInTurn?: boolean;
  recommendation: string;
}

/** One case-insensitive pattern from alternatives kept one per line. */
const anyOf = (...alternatives: string[]): RegExp => new RegExp(alternatives.join('|'), 'i');

function rule(
  id: string,
  label: string,
  severity: Severity | RiskRule['severity'],
  patterns: string[],
  recommendation: string,
  exempt?: RegExp,
): RiskRule {
  return { id, label, pattern: anyOf(...patterns), severity: typeof severity === 'string' ? () => severity : severity, exempt, recommendation };
}

const readingOn = (risk: RiskRule): RiskRule => ({ ...risk, readsOn: true });
const readingCarveOuts = (risk: RiskRule): RiskRule => ({ ...risk, readsCarveOuts: true });
const namedByHeading = (risk: RiskRule): RiskRule => ({ ...risk, namedByHeading: true });
const eitherSideInTurn = (risk: RiskRule): RiskRule => ({ ...risk, eitherSideInTurn: true });

/**
 * Spanish contract wording, as Mexican, Spanish and Latin American contracts write the categories (Portuguese where it is the same
 * word). Accented letters are no `\w` here, so a word is matched whole or by `ES_LETTERS`.
 */
const ES_LETTERS = String.raw`[a-záéíóúüñãõâêôç]`;
/** Either side, or both: "cualquiera de las partes", "ambas partes", "las partes podrán", "qualquer das partes". */
const ES_MUTUAL = String.raw`\bcualquiera\s+de\s+las\s+partes\b|\bambas\s+(?:as\s+)?partes\b|\blas\s+partes\s+podr[aá]n\b|\bqualquer\s+(?:uma\s+)?das\s+partes\b|` +
  // Neither side: "ninguna de las partes podrá", "nenhuma das partes poderá".
  String.raw`\bning[uú]n[ao]?\s+de\s+las\s+partes\b|\bnenhuma\s+das\s+partes\b`;
/** No notice: "sin (necesidad de) previo aviso", "sin notificación", "a su sola discreción", "de forma inmediata". */
const ES_NO_NOTICE = String.raw`\bsin\s+(?:necesidad\s+de\s+)?(?:dar\s+)?(?:previo\s+|ning[uú]n\s+)?(?:aviso|notificaci[oó]n|preaviso)\b|` +
  String.raw`\ba\s+su\s+(?:sola|entera|libre|absoluta|exclusiva)\s+discreci[oó]n\b|\bde\s+(?:forma|manera)\s+inmediata\b|\binmediatamente\b`;
/** A notice period: "con treinta (30) días de anticipación", "15 días naturales de antelación", "un preaviso de 30 días". */
const ES_NOTICE_PERIOD = String.raw`\b(?:\d+|${ES_LETTERS}+)\s+(?:\(\d+\)\s+)?(?:d[ií]as|semanas|meses)\s+(?:naturales\s+|h[aá]biles\s+|calendario\s+)?de\s+` +
  String.raw`(?:anticipaci[oó]n|antelaci[oó]n|preaviso|aviso\s+previo)\b|\b(?:preaviso|aviso\s+previo)\s+(?:por\s+escrito\s+)?(?:de|con)\s+(?:al\s+menos\s+)?` +
  String.raw`(?:\d+|${ES_LETTERS}+)\s+(?:\(\d+\)\s+)?(?:d[ií]as|semanas|meses)\b`;
/** Who may: "podrá", "podrán", "puede", "tendrá derecho a", "se reserva el derecho de". */
const ES_MAY = String.raw`(?:podr[aá]n?|pueden?|tendr[aá]n?\s+(?:el\s+)?derecho\s+(?:a|de)|se\s+reservan?\s+el\s+derecho\s+(?:a|de))`;
/** Ending a contract: "dar por terminado", "rescindir", "resolver", "cancelar". */
const ES_END = String.raw`(?:dar\s+por\s+(?:terminad|concluid|rescindid|finalizad)[oa]s?|terminar|rescindir|resolver|cancelar|finalizar)`;
/** Needing no reason: "en cualquier momento", "sin (expresión de) causa", "a su sola discreción", "sin responsabilidad", "por conveniencia". */
const ES_AT_WILL = String.raw`(?:en\s+cualquier\s+momento|sin\s+(?:necesidad\s+de\s+)?(?:(?:expresi[oó]n|invocar|alegar|justificar)\s+(?:de\s+)?)?(?:causa|motivo)|` +
  String.raw`a\s+su\s+(?:sola|entera|libre|absoluta|exclusiva)\s+discreci[oó]n|sin\s+responsabilidad|por\s+(?:cualquier\s+(?:causa|motivo|raz[oó]n)|conveniencia))`;
/** Rights in a work: "derechos patrimoniales", "derechos de autor", "propiedad intelectual", "direitos autorais". */
const ES_WORK_RIGHTS = String.raw`(?:derechos\s+(?:patrimoniales|de\s+autor|de\s+(?:propiedad\s+intelectual|explotaci[oó]n))|propiedad\s+intelectual|` +
  String.raw`direitos\s+(?:patrimoniais|autorais|de\s+autor)|propriedade\s+intelectual)`;
/**
 * Ceding them: "cede", "ceden", "cederá", "transmite", "transfiere", "transfere" (not "no cede"), and in the passive by the
 * participle ("ficam cedidos", "quedan transferidos").
 */
const ES_CEDES = String.raw`(?<!\b(?:no|n[aã]o)\s)\b(?:ced(?:e|en|er|er[aá]|er[aá]n|id[oa]s?)|transmit(?:e|en|ir|ir[aá]|ir[aá]n|id[oa]s?)|transfier(?:e|en)|transferir(?:[aá]n?)?|` +
  String.raw`transfere(?:m)?|transferid[oa]s?)(?!${ES_LETTERS})`;
/** Rights said to be ceded after them: "los derechos … quedan cedidos", "os direitos … ficam transferidos" (not "no quedan cedidos"). */
const ES_RIGHTS_CEDED = String.raw`(?<!\b(?:no|n[aã]o)\s)\b(?:quedan?|quedar[aá]n?|ficam?|ficar[aã]o|ser[aá]n?|ser[aã]o|s[aã]o|son|est[aá]n|est[aã]o)\s+` +
  String.raw`(?:cedid|transferid|transmitid)[oa]s?(?!${ES_LETTERS})`;
/** Works by their Spanish or Portuguese names: "recetas", "creaciones", "diseños", "fotografías", "fichas técnicas", "ilustrações". */
const ES_WORKS = String.raw`(?:obras?|creaci[oó]n(?:es)?|cria[cç](?:[aã]o|[oõ]es)|recetas?|receitas?|dise[nñ]os?|fotograf[ií]as?|im[aá]genes|imagens|textos?|` +
  String.raw`invenciones|inven[cç](?:[aã]o|[oõ]es)|software|c[oó]digos?|contenidos?|conte[uú]dos?|v[ií]deos?|grabaciones|grava[cç](?:[aã]o|[oõ]es)|` +
  String.raw`ilustraciones|ilustra[cç](?:[aã]o|[oõ]es)|dibujos|desenhos|fichas\s+t[eé]cnicas|desarrollos|entregables)(?!${ES_LETTERS})`;
/**
 * The works themselves ceded, or becoming someone's property, rather than the rights in them: "las recetas … quedan cedidas a la
 * Empresa", "as ilustrações passam a ser propriedade do CLIENTE" (works "transmitidas" or "transferidas" may only be sent).
 */
const ES_WORKS_CEDED = String.raw`\b${ES_WORKS}[^.]{0,200}?(?:(?<!\b(?:no|n[aã]o)\s)\b(?:quedan?|quedar[aá]n?|ficam?|ficar[aã]o|ser[aá]n?|ser[aã]o|son|s[aã]o)\s+` +
  String.raw`cedid[oa]s?(?!${ES_LETTERS})|\b(?:pasan?|pasar[aá]n?|passam?|passar[aã]o)\s+a\s+ser\s+(?:de\s+)?(?:la\s+|a\s+)?(?:propiedad|propriedade)\b)`;
/** Refusing: "se abstendrá de", "se obliga a no", "no podrá", "no deberá", or "no" before the verb ("no promocionará"). */
const ES_REFUSAL = String.raw`(?:se\s+abstendr[aá]n?\s+de|se\s+obligan?\s+a\s+no|\bno(?:\s+(?:podr[aá]n?|deber[aá]n?))?)`;
/** Refusing in Spanish or Portuguese, neither side included: "no podrá", "se abstendrá de", "não poderá", "ninguna de las partes podrá". */
const ES_PT_REFUSAL = String.raw`(?:${ES_REFUSAL}|\bn[aã]o(?:\s+(?:poder[aá]o?|dever[aá]o?))?|\bning[uú]n[ao]?\s+de\s+las\s+partes\s+podr[aá]|\bnenhuma\s+das\s+partes\s+poder[aá])`;
/** Someone's people in Spanish or Portuguese: "empleados", "funcionários", "profissionais", "personal", "clientes". */
const ES_STAFF = String.raw`(?:emplead[oa]s?|funcion[aá]ri[oa]s?|colaborador(?:es|as?)?|profesionales|profissionais|personal|pessoal|equipe|equipo|` +
  String.raw`trabajador(?:es|as?)?|trabalhador(?:es|as?)?|empregad[oa]s?|consultor(?:es|as?)?|clientes)`;
/** Serving or championing someone: "promocionar", "anunciar", "trabajar para", "prestar servicios", "representar". */
const ES_SERVE = String.raw`(?:promocion|promov|anunci|publicit|trabaj|prest|colabor|represent|patrocin|asesor|distribu)${ES_LETTERS}*`;
/** Another of the other side's kind, or its competitors: "cualquier otra marca", "ninguna otra empresa", "otras marcas", "competidores". */
const ES_RIVAL = String.raw`(?:(?:cualquier|alguna|ninguna)\s+otra\s+(?:marca|empresa|compa[nñ][ií]a|firma|agencia|tienda|negocio)|otras\s+marcas|` +
  String.raw`(?:cualquier|alg[uú]n|ning[uú]n)\s+otro\s+(?:negocio|comercio|despacho|estudio|laboratorio)|competidor(?:a|es|as)?\b|la\s+competencia\b)`;
/** The deal by what it is, in Spanish or Portuguese: "la colaboración", "el patrocinio", "la campaña", "a parceria", "el contrato". */
const ES_DEAL = String.raw`(?:colaboraci[oó]n|colabora[cç][aã]o|contrato|acuerdo|acordo|relaci[oó]n|rela[cç][aã]o|campa[nñ]a|campanha|alianza|parceria|` +
  String.raw`patrocinio|patroc[ií]nio|asociaci[oó]n|proyecto|projeto|temporada|gira|prestaci[oó]n|presta[cç][aã]o|servicios?|servi[cç]os?|encargo|empleo|emprego)(?!${ES_LETTERS})`;
/** Whose deal: "el", "la", "nuestra", "esta", "su", "o", "a", "nossa". */
const ES_THE = String.raw`(?:el|la|los|las|o|a|os|as|nuestr[oa]|noss[oa]|est[ea]|ess[ea]|su|sua|seu)`;
/**
 * For the contract's term only: "durante la vigencia", "mientras el contrato esté vigente", "durante a vigência", and in Italian
 * "per tutta la durata del contratto", "durante il rapporto"; or the deal named while it lasts: "mientras dure la colaboración",
 * "durante el patrocinio", "enquanto durar a parceria".
 */
const ES_DURING_TERM = String.raw`\bper\s+(?:tutta\s+)?la\s+durata\b|\bdurante\s+(?:tutta\s+)?(?:la\s+durata|il\s+rapporto|la\s+vigenza)\b|` +
  String.raw`\bdurante\s+(?:la\s+|a\s+)?(?:vigencia|vig[eê]ncia|duraci[oó]n|dura[cç][aã]o)\b|\bdurante\s+el\s+(?:plazo|t[eé]rmino)\b|` +
  String.raw`\bmientras\s+(?:${ES_LETTERS}+\s+){0,3}?(?:vigente|en\s+vigor)\b|\bdurante\s+(?:todo\s+|toda\s+)?${ES_THE}\s+${ES_DEAL}|` +
  String.raw`\b(?:mientras|enquanto)\s+(?:dure|duren|durar|durarem|contin[uú]e|continuar|siga|se\s+mantenga)\s+${ES_THE}\s+(?:${ES_LETTERS}+\s+)?${ES_DEAL}`;
const ES_ENDING_NOUN = String.raw`(?:terminaci[oó]n|conclusi[oó]n|finalizaci[oó]n|rescisi[oó]n|extinci[oó]n|vencimiento)\b`;
/** Past it: "los seis meses siguientes a su terminación", "un año posterior a su conclusión", "después de la terminación", "após o término". */
const ES_AFTER_TERM = String.raw`\b(?:siguientes?|posterior(?:es)?|subsecuentes?)\s+a\s+(?:la|su)\s+${ES_ENDING_NOUN}|\b(?:despu[eé]s\s+de|tras)\s+(?:la|su)\s+${ES_ENDING_NOUN}|` +
  // The months after it, counted: "y los seis meses siguientes", "os doze meses seguintes", "durante un año posterior".
  String.raw`\b(?:\d+|un|una|um|uma|dos|dois|duas|tres|tr[eê]s|seis|doce|doze|dieciocho|dezoito|veinticuatro)\s+(?:a[nñ]os?|anos?|meses|m[eê]s)\s+` +
  String.raw`(?:siguientes?|seguintes?|posteriores?|subsiguientes?)(?!${ES_LETTERS})|` +
  String.raw`\bap[oó]s\s+(?:o|a)\s+(?:(?:sua|seu)\s+)?(?:t[eé]rmino|rescis[aã]o|extin[cç][aã]o|encerramento|fim|cessa[cç][aã]o|termo)\b|` +
  // In Italian and Dutch: "dopo la cessazione", "successivi alla scadenza", "na het einde", "na afloop van de overeenkomst".
  String.raw`\b(?:dopo|successiv[aeio]\s+alla|dalla)\s+(?:la\s+)?(?:cessazione|scadenza|fine|risoluzione|conclusione)\b|\bna\s+(?:het\s+einde|afloop|be[eë]indiging)\b`;
/**
 * Portuguese where it differs from the Spanish: who may ("poderá", "poderão", "pode", "terá o direito de"), ending a contract
 * ("rescindir", "resilir", "denunciar", "dar por encerrado"), needing no reason ("a qualquer tempo", "sem justa causa",
 * "imotivadamente", "a seu exclusivo critério"), no notice ("sem (necessidade de) aviso prévio") and a notice period ("com
 * antecedência mínima de 30 (trinta) dias", "mediante aviso prévio de trinta dias").
 */
const PT_MAY = String.raw`(?:poder[aá]o?|podem?|ter[aá]o?\s+(?:o\s+)?direito\s+de|reserva(?:-se)?\s+o\s+direito\s+de)`;
const PT_END = String.raw`(?:rescindir|resilir|denunciar|terminar|encerrar|extinguir|dar\s+por\s+(?:encerrad|rescindid|terminad|extint|findo)[oa]?s?)`;
const PT_AT_WILL = String.raw`(?:a\s+qualquer\s+(?:tempo|momento)|sem\s+(?:necessidade\s+de\s+)?(?:justa\s+)?(?:causa|motivo|justificativa)|imotivadamente|` +
  String.raw`a\s+(?:seu|sua)\s+(?:exclusivo|livre|[uú]nico)\s+crit[eé]rio|por\s+conveni[eê]ncia)`;
const PT_NO_NOTICE = String.raw`\bsem\s+(?:necessidade\s+de\s+)?(?:qualquer\s+)?(?:pr[eé]vio\s+)?(?:aviso|notifica[cç][aã]o)\b|` +
  String.raw`\ba\s+(?:seu|sua)\s+(?:exclusivo|livre|[uú]nico)\s+crit[eé]rio\b|\bimediatamente\b`;
const PT_NOTICE_PERIOD = String.raw`\b(?:aviso\s+pr[eé]vio|anteced[eê]ncia)\s+(?:m[ií]nima\s+)?(?:por\s+escrito\s+)?de\s+(?:\d+|${ES_LETTERS}+)\s+` +
  String.raw`(?:\(\d+\)\s+|\(${ES_LETTERS}+\)\s+)?(?:dias|semanas|meses)\b`;
/** German words, whose umlauts and ß are no `\w`: "sämtlichen", "Säumniszuschlag". */
const DE_WORD = String.raw`[\wäöüß-]+`;
/** Where a German word starts, as `\b` does not before an umlaut: "überträgt", "Änderung". */
const DE_START = String.raw`(?<![\wäöüß])`;
/**
 * German contract wording, as German, Austrian and Swiss contracts write the categories (a lexicon beside the Spanish one).
 * Either side, or both: "jede Partei", "beide Parteien", "von beiden Vertragsparteien", "keine der Parteien", "gegenseitig", and
 * the sides by their other names: "von beiden Seiten", "jeder Vertragspartner", "beide Vertragsteile".
 */
const DE_MUTUAL = String.raw`\b(?:jede[rs]?|beide|beiden|keine[rs]?)\s+(?:der\s+)?(?:beiden\s+)?(?:(?:vertrags)?(?:partei(?:en)?|seiten?)|vertrags(?:partner(?:in|innen|n)?|teile?))\b|` +
  String.raw`\bbeiderseit\w*|\bgegenseitig\w*`;
/** No notice: "fristlos", "ohne (vorherige) Ankündigung", "ohne Einhaltung einer Frist", "mit sofortiger Wirkung", "nach freiem Ermessen". */
const DE_NO_NOTICE = String.raw`\bfristlos\w*|\bohne\s+(?:(?:vorherige|jede|eine)\s+)?(?:vor)?ank[uü]ndigung\b|\bohne\s+(?:einhaltung\s+(?:einer|der)\s+)?(?:k[uü]ndigungs)?frist\b|` +
  String.raw`\bmit\s+sofortiger\s+wirkung\b|\bnach\s+(?:eigenem|freiem|alleinigem)\s+ermessen\b`;
/** A notice period: "mit einer Frist von vier Wochen", "Ankündigungsfrist von sechs Wochen", "30 Tage im Voraus". */
const DE_NOTICE_PERIOD = String.raw`frist\s+von\s+(?:mindestens\s+)?(?:\d+|[a-zäöüß]+)\s+(?:\(\d+\)\s+)?(?:tag|woche|monat)\w*|` +
  String.raw`\b(?:\d+|[a-zäöüß]+)\s+(?:tage|wochen|monate)\s+(?:im\s+voraus|vorher|zuvor)\b`;
/** Who may: "kann", "können", "darf", "ist berechtigt", "behält sich vor". */
const DE_MAY = String.raw`${DE_START}(?:kann|k[oö]nnen|darf|d[uü]rfen|(?:ist|sind)\s+berechtigt|beh[aä]lt\s+sich)\b`;
/** What one side may change: prices, fees, rates ("Vergütungssätze"), terms ("AGB", "Bedingungen"), rent, rules. */
const DE_TERMS = String.raw`(?:preis|verg[uü]tung|geb[uü]hr|entgelt|honorar|s[aä]tze|bedingung|agb|vertrag|miete|tarif|kondition|regel|richtlinie|ordnung)`;
/** Changing them: "ändern", "ändert", "anpassen", "anzupassen", "erhöhen" (not "anderen"). */
const DE_CHANGE = String.raw`(?:${DE_START}(?:[aä]nder(?:n|t|ung\w*)|ab(?:zu)?[aä]ndern|an(?:zu)?pass\w*|erh[oö]h\w*)|\bzu\s+(?:[aä]ndern|erh[oö]hen))\b`;
/** Ending a contract, as a verb: "kündigen", "kündigt", "gekündigt", "kündbar" (a "Kündigung" may be the event: "nach der Kündigung"). */
const DE_END = String.raw`(?:${DE_START}k[uü]ndig(?:en|t|te|ten)|\bgek[uü]ndigt|${DE_START}k[uü]ndbar)\b`;
/** A duration with no end: "zeitlich unbegrenzt", "ohne zeitliche Begrenzung", "unbefristet", "auf unbestimmte Zeit", "für immer". */
const DE_ENDLESS = String.raw`zeitlich\s+unbegrenzt|ohne\s+zeitliche\s+(?:begrenzung|beschr[aä]nkung)|unbefristet\w*|f[uü]r\s+immer|auf\s+(?:unbestimmte|unbegrenzte)\s+zeit`;
/** Outliving the contract: "gilt über das Ende dieses Vertrags hinaus", "besteht … fort", "überdauert", "nach Vertragsende". */
const DE_SURVIVES = String.raw`(?:${DE_START}[uü]ber\s+(?:${DE_WORD}\s+){0,5}?hinaus\b|\bfort(?:gilt|gelten|besteh\w*|dauer\w*)?\b|${DE_START}[uü]berdauer\w*|` +
  String.raw`\bnach\s+(?:(?:dem|der)\s+)?(?:vertrags)?(?:ende|beendigung)\b)`;
/** Secrecy: "vertraulich", "Geheimhaltung", "Verschwiegenheit". */
const DE_SECRECY = String.raw`\b(?:vertraulich|geheimhalt|verschwiegenheit)\w*`;
/** Without limit: "unbegrenzt", "unbeschränkt", "ohne Höchstgrenze". */
const DE_UNLIMITED = String.raw`${DE_START}(?:unbegrenzt|unbeschr[aä]nkt)\w*|\bohne\s+(?:jede\s+)?(?:begrenzung|beschr[aä]nkung|h[oö]chstgrenze|obergrenze)\b`;
/** Indirect loss: "mittelbare Schäden", "Folgeschäden", "entgangener Gewinn". */
const DE_INDIRECT_LOSS = String.raw`(?:\b(?:mittelbar|indirekt)\w*\s+sch[aä]d\w*|\bfolgesch[aä]d\w*|\bentgangen\w*\s+gewinn\w*)`;
/** A competitor: "Wettbewerber", "Mitbewerber", "Konkurrenten", "Konkurrenzunternehmen". */
const DE_COMPETITOR = String.raw`(?:wettbewerber|mitbewerber|konkurrent|konkurrenzunternehm|konkurrenzfirm)\w*`;
/** For the contract's term: "während der Vertragslaufzeit", "während der Laufzeit dieses Vertrages", "für die Dauer des Vertrages". */
const DE_DURING_TERM = String.raw`${DE_START}w[aä]hrend\s+(?:der|des)\s+(?:vertrags)?(?:laufzeit|dauer|zusammenarbeit|vertrag\w*)\b|\bf[uü]r\s+die\s+dauer\s+(?:des|dieses)\s+vertrag\w*`;
/** Past it: "nach Vertragsende", "nach Beendigung des Vertrages", "nach Ablauf", "nachvertraglich", "danach". */
const DE_AFTER_TERM = String.raw`\bnach\s+(?:(?:dem|der|seine[mr]|ihre[mr]|dessen|deren)\s+)?(?:vertrags)?(?:ende|beendigung|ablauf)\b|\bnachvertraglich\w*|\bdanach\b`;
/** Rights in a work: "Nutzungsrechte", "Verwertungsrechte", "Urheberrechte". */
const DE_WORK_RIGHTS = String.raw`(?:nutzungs|verwertungs|urheber)\w*recht\w*`;
/**
 * A work by its German name, compounds with a leading "Arbeits-", "Projekt-" or "Entwicklungs-" included: "Arbeitsergebnisse",
 * "Entwürfe", "Erfindungen", "Softwareentwicklungen", "Fotografien", "Werke" (not the contract's "Rechte und Pflichten").
 */
const DE_WORKS = String.raw`${DE_START}(?:arbeits|projekt|entwicklungs)?(?:ergebnis|entw[uü]rf|erfindung|software|fotografie|foto|grafik|illustration|zeichnung|` +
  String.raw`konzept|design|programm|quellcode|text|inhalt|aufnahme|video|werk(?:e|en|es)?(?![\wäöüß]))[\wäöüß]*`;
/**
 * Rights in works named as such: "Nutzungsrechte", or "Rechte an den Entwürfen", "sämtliche Rechte an Arbeitsergebnissen", and the
 * works named in a list that ends on them: "Rechte an Übungsprogrammen, Kursunterlagen und sonstigen Werken".
 */
const DE_RIGHTS_IN_WORKS = String.raw`(?:${DE_WORK_RIGHTS}|${DE_START}rechte?\s+an\s+(?:${DE_WORD},?\s+){0,6}?${DE_WORKS})`;
/**
 * Passing to someone, as German says rights change hands without a giver: "gehen … auf den Arbeitgeber über", "gehen mit ihrer
 * Entstehung auf das Studio über", "auf den Verlag übergehen".
 */
const DE_PASSES_OVER = String.raw`${DE_START}geh(?:en|t)\s+(?:(?!nicht\b)${DE_WORD}\s+){0,6}?(?:auf|an)\s+(?:${DE_WORD}\s+){0,3}?[uü]ber(?![\wäöüß])|${DE_START}[uü]bergeh(?:en|t)\b`;
/**
 * Dutch contract wording, as Dutch and Flemish contracts write the categories (a lexicon beside the Spanish and German ones).
 * Either side, or both: "elk van beide partijen", "ieder der partijen", "beide partijen", "wederzijds".
 */
const NL_MUTUAL = String.raw`\b(?:elk|elke|ieder|iedere|beide|geen)\s+(?:van\s+)?(?:der\s+|de\s+|beide\s+)?partij(?:en)?\b|\bwederzijd\w*`;
/** Who may: "kan", "kunnen", "mag", "mogen", "is gerechtigd", "behoudt zich het recht voor". */
const NL_MAY = String.raw`\b(?:kan|kunnen|mag|mogen|(?:is|zijn)\s+gerechtigd|heeft\s+het\s+recht|behoudt\s+zich\s+(?:het\s+recht\s+)?voor)\b`;
/** Ending a contract: "opzeggen", "op te zeggen", "beëindigen", "ontbinden". */
const NL_END = String.raw`\b(?:opzeggen|op\s+te\s+zeggen|be[eë]indigen|te\s+be[eë]indigen|ontbinden|te\s+ontbinden)\b`;
/**
 * No notice: "zonder (voorafgaande) kennisgeving", "met onmiddellijke ingang", "per direct", and changes that apply "zodra" or "vanaf
 * het moment dat" they are posted ("wijzigingen gelden zodra zij op de website zijn gepubliceerd").
 */
const NL_NO_NOTICE = String.raw`\bzonder\s+(?:(?:voorafgaande|enige|nadere)\s+)?(?:kennisgeving|aankondiging|opzegtermijn|waarschuwing|mededeling)\b|` +
  String.raw`\bmet\s+onmiddellijke\s+ingang\b|\bper\s+direct\b|\bnaar\s+eigen\s+(?:goeddunken|inzicht)\b|` +
  String.raw`\b(?:gelden|geldt|treden|treedt|werken|werkt)\b[^.;]{0,60}?\b(?:zodra|(?:vanaf|op)\s+het\s+moment\s+(?:dat|waarop))\b[^.;]{0,80}?` +
  String.raw`\b(?:opgehangen|gepubliceerd|geplaatst|bekendgemaakt|gepost|verstuurd|meegedeeld|vermeld)\b`;
/** A notice period: "een opzegtermijn van één maand", "een aankondiging van dertig dagen", "twee weken van tevoren". */
const NL_NOTICE_PERIOD = String.raw`\b(?:(?:opzeg)?termijn|aankondiging)\s+van\s+(?:ten\s+minste\s+|minimaal\s+|minstens\s+)?(?:\d+|[a-zéëè]+)\s+(?:dagen|dag|weken|week|maanden|maand)\b|` +
  String.raw`\b(?:\d+|[a-zéëè]+)\s+(?:dagen|weken|maanden)\s+(?:van\s+tevoren|vooraf|voorafgaand)\b`;
/**
 * Sums paid late in Dutch, by an adjective or by the adverb and a participle: "te late betaling", "achterstallige huur", "te laat
 * betaalde bedragen", "niet tijdig voldane facturen".
 */
const NL_PAID_LATE = String.raw`\b(?:te\s+la(?:te|at)|niet\s+tijdig(?:e)?|verlate|achterstallige?)\s+(?:(?:betaalde|voldane|ontvangen)\s+)?` +
  String.raw`(?:betaling\w*|bedrag(?:en)?|huur(?:prijs)?|facturen|factuur|termijnen)\b`;
/** A role one side may hold for the other in Dutch: "sponsor", "hoofdsponsor", "leverancier", "distributeur", "cateraar". */
const NL_ROLE = String.raw`(?:(?:hoofd|shirt|co)?sponsors?|leveranciers?|partners?|distributeurs?|dealers?|agent(?:en)?|vertegenwoordigers?|cateraars?|fotogra(?:af|fen)|` +
  String.raw`wederverkopers?|licentiehouders?|licentienemers?|importeurs?)`;
/** A fine by its Dutch name: "een boete van € 150", "contractuele boete", "dwangsom" (a "verkeersboete" is the road's). */
const NL_PENALTY = String.raw`\b(?:contractuele\s+)?boetes?\b(?=[^.]{0,40}?(?:\d|\b(?:per|bij|wegens|van)\b))|\bboetebeding\w*|\bdwangsom\w*`;
/**
 * Italian contract wording (a lexicon beside the Spanish one). Either side: "ciascuna delle parti", "entrambe le parti". Who may:
 * "può", "possono", "potrà", "ha facoltà di". Ending it: "recedere", "risolvere", "disdire".
 */
const IT_LETTERS = String.raw`[a-zàèéìòù]`;
const IT_MUTUAL = String.raw`\b(?:ciascuna|ciascuno|ognuna|ognuno)\s+(?:delle\s+|dei\s+)?part[ei]\b|\bentrambe\s+le\s+parti\b|\bnessuna\s+delle\s+parti\b|\breciprocamente\b`;
const IT_MAY = String.raw`\b(?:pu[oò]|possono|potr[aà]|potranno|posso|possiamo|potr[oò]|potremo|ha(?:nno)?\s+(?:il\s+)?diritto\s+di|ha(?:nno)?\s+(?:la\s+)?facolt[aà]\s+di|si\s+riserva\s+(?:il\s+diritto\s+)?di)(?!${IT_LETTERS})`;
const IT_END = String.raw`\b(?:recedere|risolvere|disdire|disdettare|sciogliere|interrompere)\b`;
/** At one's discretion, however qualified: "a sua discrezione", "a sua insindacabile discrezione", "a sua esclusiva (assoluta) discrezione". */
const IT_DISCRETION = String.raw`(?:sua|propria|proprio|mia|nostra)\s+(?:(?:insindacabile|esclusiva|assoluta|piena|libera|totale|unica|sola)\s+){0,2}discrezione`;
/** Needing no reason: "in qualsiasi momento", "senza (giusta) causa", "ad nutum", or on notice ("con un preavviso di 15 giorni"). */
const IT_AT_WILL = String.raw`\bin\s+(?:qualsiasi|ogni|qualunque)\s+momento\b|\bquando\s+(?:voglio|vuole|vogliamo|vogliono|preferisce|preferisco|crede|credo)\b|\bsenza\s+(?:giusta\s+)?(?:causa|motivo|motivazione)\b|\bad\s+nutum\b|` +
  String.raw`\ba\s+${IT_DISCRETION}\b|\bpreavviso\b`;
const IT_NO_NOTICE = String.raw`\bsenza\s+(?:alcun\s+|previo\s+)?preavviso\b|\bcon\s+effetto\s+immediato\b|\ba\s+${IT_DISCRETION}\b`;
const IT_NOTICE_PERIOD = String.raw`\bpreavviso\s+(?:scritto\s+)?(?:di\s+)?(?:almeno\s+)?(?:\d+|${IT_LETTERS}+)\s+(?:\(\d+\)\s+)?(?:giorni|settimane|mesi)\b|` +
  // The period before the word: "con almeno 30 giorni di preavviso", "due mesi di preavviso scritto".
  String.raw`\b(?:\d+|${IT_LETTERS}+)\s+(?:\(\d+\)\s+)?(?:giorni|settimane|mesi)\s+(?:di\s+)?preavviso\b`;
/** A penalty by its Italian name, as a noun: "una penale di € 100", "la clausola penale" (not "responsabilità penale"). */
const IT_PENALTY = String.raw`\b(?:una|la|le|alcuna|della|delle|alla|alle)\s+penal[ei]\b|\bclausola\s+penale\b|\bpenal[ei]\s+(?:di|pari)\b|` +
  // Owed as one: "a titolo di penale", "come penale", "quale penale".
  String.raw`\b(?:a\s+titolo\s+di|come|quale|in\s+qualit[aà]\s+di)\s+penal[ei]\b`;
/** The other side's people or customers in Italian: "dipendenti", "collaboratori", "personale", "clienti", "tecnici". */
const IT_STAFF = String.raw`(?:dipendent[ei]|collaborator[ei]|personale|consulent[ei]|addett[oi]|client[ei]|clientela|tecnic[oi]|istruttor[ei]|lavorator[ei]|agent[ei])`;
/** Going after them in Italian: "assumere", "sollecitare", "stornare", "distogliere", "reclutare". */
const IT_POACH = String.raw`(?:assumere|sollecitare|stornare|distogliere|sviare|reclutare|ingaggiare|impiegare|contattare|attrarre|indurre)`;
/** Interest for paying late in Italian: "interessi di mora", "interessi moratori", "interessi per ritardato pagamento". */
const IT_LATE_CHARGE = String.raw`\binteress[ei]\s+(?:di\s+)?mora\b|\binteress[ei]\s+moratori\b|\binteress[ei]\s+(?:per\s+(?:il\s+)?)?ritardat[oi]\s+pagament[oi]\b`;
/** Disputes for an arbitrator in Italian: "decide un arbitro", "devolute a un collegio arbitrale", "arbitrato", "clausola compromissoria". */
const IT_ARBITRATION = String.raw`\barbitrato\b|\blodo\s+arbitrale\b|\bclausola\s+compromissoria\b|\b(?:collegio|camera)\s+arbitrale\b|` +
  String.raw`(?<!${IT_LETTERS})(?:decide|decidono|decider[aà]|decideranno|decis[aoie]|risolt[aoie]|devolut[aoie]|deferit[aoie]|rimess[aoie]|affidat[aoie])(?!${IT_LETTERS})` +
  String.raw`[^.]{0,60}?\barbitr[oi]\b`;
/** A law said to apply in Italian: "vale la legge italiana", "si applica la legge svizzera", "è applicabile il diritto francese". */
const IT_LAW_APPLIES = String.raw`(?<!${IT_LETTERS})(?:si\s+applica(?:no)?|vale|valgono|(?:è|e['’])\s+applicabile|trova\s+applicazione)\s+(?:la\s+|il\s+)?` +
  String.raw`(?:legge|diritto|normativa)\s+(?!(?:applicabile|vigente|in|di|del|della|che|non)(?!${IT_LETTERS}))${IT_LETTERS}{4,}`;
/** Changing the terms in Italian: "modificare le condizioni", "aumentare le tariffe", "aggiornare il listino". */
const IT_CHANGE = String.raw`(?:modificare|cambiare|variare|aggiornare|aumentare|adeguare|rivedere)`;
const IT_TERMS = String.raw`(?:condizioni|contratto|termini|prezz[oi]|tariff[ae]|corrispettiv[oi]|canone|regolamento|listino|compens[oi])`;
/** Suppliers by their trade, barred from outside: "fornitori esterni", "fotografi esterni", "catering esterno". */
const IT_TRADE = String.raw`(?:fornitor[ei]|catering|fotograf[oi]|fiora[io]|fioristi|musicisti|dj|ditte|prestatori|operatori|aziende|servizi|banqueting)`;
/**
 * A distance from the other side's premises in Italian, Portuguese, Spanish, Dutch or German: "nel raggio di 3 km", "entro 5 km",
 * "num raio de 20 km", "en un radio de 10 kilómetros", "binnen 5 km", "im Umkreis von 10 km".
 */
const FOREIGN_RADIUS = String.raw`\b(?:(?:nel|in\s+un)\s+raggio\s+di|entro\s+(?:un\s+raggio\s+di\s+)?|n(?:um|o)\s+raio\s+de|em\s+um\s+raio\s+de|(?:dentro\s+de\s+)?(?:en\s+)?un\s+radio\s+de|` +
  String.raw`binnen\s+(?:een\s+straal\s+van\s+)?|im\s+umkreis\s+von)\s*\d+(?:[.,]\d+)?\s*(?:km|chilometri|quil[oó]metros|kil[oó]metros|kilometers?)\b`;
/**
 * A duration with no end in Portuguese, Spanish, Italian or Dutch: "por tempo indeterminado", "por tiempo indefinido",
 * "indefinidamente", "de forma indefinida", "de manera indeterminada", "senza limiti di tempo", "voor onbepaalde tijd".
 */
const FOREIGN_ENDLESS = String.raw`\bpor\s+(?:tempo|prazo|tiempo|plazo)\s+(?:indetermina|indefini)d[oa]\b|\bindefinidamente\b|\bperpetuamente\b|` +
  // The adverb said as a phrase, as Spanish and Portuguese often do: "se mantendrá de forma indefinida", "de modo indeterminado".
  String.raw`\bde\s+(?:forma|manera|modo)\s+(?:indefinid|indeterminad)[oa]\b|\b(?:con|com)\s+car[aá]cter\s+(?:indefinido|indeterminado)\b|` +
  String.raw`\bsem\s+limite\s+de\s+(?:tempo|prazo)\b|\bsin\s+l[ií]mite\s+de\s+(?:tiempo|plazo)\b|\bsenza\s+limiti?\s+di\s+tempo\b|\bvoor\s+onbepaalde\s+tijd\b|` +
  // In Dutch also: "zonder beperking in tijd", "onbeperkt in de tijd", "voor onbepaalde duur".
  String.raw`\bzonder\s+(?:enige\s+)?(?:beperking|begrenzing|limiet)\s+in\s+(?:de\s+)?tijd\b|\bonbeperkt\s+in\s+(?:de\s+)?tijd\b|\bvoor\s+onbepaalde\s+duur\b`;
/**
 * French contract wording (a lexicon beside the Spanish one). Accented letters are no `\w`, so a word ends where no letter of
 * `FR_LETTERS` follows (FR_END).
 */
const FR_LETTERS = String.raw`[a-zàâäçéèêëîïôöùûüÿœ]`;
const FR_END = String.raw`(?!${FR_LETTERS})`;
/** Either side: "chacune des parties", "chaque partie", "les deux parties", "mutuellement". */
const FR_MUTUAL = String.raw`\bchacune\s+des\s+parties\b|\bchaque\s+partie\b|\bles\s+deux\s+parties\b|\bmutuellement\b|\br[ée]ciproquement\b|` +
  // "l'une ou l'autre des parties", "l'une ou l'autre partie": either party, as French contracts say it.
  String.raw`\bl['’]\s?une\s+ou\s+l['’]\s?autre\s+(?:des\s+)?parties?\b`;
/**
 * A penalty by its French name: "une pénalité de 150 €", "pénalités de retard", "clause pénale", a lump sum owed as damages
 * ("à titre d'indemnité forfaitaire"), not one ruled out ("sans pénalité") nor criminal liability ("responsabilité pénale").
 */
const FR_PENALTY = String.raw`(?<!\b(?:sans|aucune)\s+(?:aucune\s+)?)\bp[ée]nalit[ée]s?${FR_END}|\bclause\s+p[ée]nale${FR_END}|\bindemnit[ée]s?\s+forfaitaires?${FR_END}`;
/** Interest or charges for paying late: "intérêts de retard", "pénalités de retard", "tout retard de paiement entraîne des intérêts". */
const FR_LATE_CHARGE = String.raw`\bint[ée]r[êe]ts?\s+(?:de\s+|pour\s+)?retard\b|\bint[ée]r[êe]ts?\s+moratoires?\b|` +
  String.raw`\bretard\s+de\s+(?:paiement|r[èe]glement)\b[^.]{0,80}?(?:\bint[ée]r[êe]ts?\b|\bp[ée]nalit|\bfrais\b|\bmajoration)`;
/** Whom a trade supplies, named before "exclusif": "un traiteur exclusif", "son distributeur exclusif", "les prestataires exclusifs". */
const FR_TRADE = String.raw`(?:traiteurs?|fournisseurs?|prestataires?|distributeurs?|agents?|partenaires?|revendeurs?|concessionnaires?|repr[ée]sentants?|` +
  String.raw`mandataires?|photographes?|vid[ée]astes?|fleuristes?|d[ée]corateurs?|musiciens?|sponsors?|ambassadeu?(?:rs?|rices?)|sous-traitants?|` +
  String.raw`imprimeurs?|transporteurs?|installateurs?|animateurs?|DJs?)`;
/** A French word, for the words between others: "traiteur ni prestataire de restauration". */
const FR_WORD = String.raw`${FR_LETTERS}[a-zàâäçéèêëîïôöùûüÿœ'’-]*`;
/** Who may, in French: "peut", "pourra", "a le droit de", "se réserve le droit de". */
const FR_MAY = String.raw`(?:\bpeu(?:t|vent)|\bpourr(?:a|ont)|\ba\s+(?:le\s+droit|la\s+facult[ée])\s+d(?:e\b|['’])|\bse\s+r[ée]serven?t?\s+(?:le\s+droit\s+)?d(?:e\b|['’]))`;
/** Changing the terms: "modifier", "réviser", "augmenter", "mettre à jour". */
const FR_CHANGE = String.raw`(?:modifier|changer|r[ée]viser|augmenter|adapter|ajuster|actualiser|mettre\s+[àa]\s+jour)`;
const FR_TERMS = String.raw`(?:conditions|contrat|pr[ée]sentes|tarifs?|prix|redevances?|loyers?|r[èe]glement|honoraires|cgv|cgu|grille\s+tarifaire|abonnements?)`;
/** No notice in French: "sans préavis", "avec effet immédiat", "à sa seule discrétion", "dès leur mise en ligne". */
const FR_NO_NOTICE = String.raw`\bsans\s+(?:aucun\s+)?(?:pr[ée]avis|notification|information|avertissement)${FR_END}|\bavec\s+effet\s+imm[ée]diat${FR_END}|` +
  String.raw`(?<!${FR_LETTERS})[àa]\s+(?:sa|leur)\s+(?:(?:seule|libre|enti[èe]re|pleine|totale)\s+)?discr[ée]tion${FR_END}|` +
  String.raw`\bd[èe]s\s+(?:leur|sa|son)\s+(?:mise\s+en\s+ligne|publication|affichage)${FR_END}`;
/** A notice period in French: "moyennant un préavis de deux mois", "un préavis d'un mois", "30 jours à l'avance". */
const FR_NOTICE_PERIOD = String.raw`\bpr[ée]avis\s+(?:[ée]crit\s+)?(?:de\s+|d['’]\s?)(?:au\s+moins\s+)?(?:\d+|${FR_WORD})\s+(?:jours?|semaines?|mois)${FR_END}|` +
  String.raw`\b(?:\d+|un|une|deux|trois|six)\s+(?:jours?|semaines?|mois)\s+(?:[àa]\s+l['’]avance|de\s+pr[ée]avis)${FR_END}`;
/** Ending a contract in French: "résilier", "rompre", "mettre fin", "mettre un terme", and "résilié" in the passive ("peut être résilié"). */
const FR_END_CONTRACT = String.raw`(?<!${FR_LETTERS})(?:r[ée]sili(?:er|[ée]e?s?)|rompre|mettre\s+(?:fin|un\s+terme))${FR_END}`;
/**
 * Needing no reason in French: "à tout moment", "sans motif", "sans avoir à justifier d'un motif", "pour convenance", or on notice
 * ("moyennant un préavis de deux mois"), and what is said without notice (FR_NO_NOTICE: "sans préavis", "à sa seule discrétion").
 */
const FR_AT_WILL = String.raw`(?<!${FR_LETTERS})[àa]\s+tout\s+(?:moment|instant)${FR_END}|\bsans\s+(?:(?:avoir\s+[àa]\s+)?(?:justifier|indiquer|donner)\s+(?:de\s+|d['’]\s?un\s+|aucun\s+)?|aucun\s+)?` +
  String.raw`(?:motifs?|cause|raisons?|justification)${FR_END}|\bpour\s+(?:sa\s+|des\s+raisons\s+de\s+)?convenance${FR_END}|\bad\s+nutum\b|\bpr[ée]avis${FR_END}|${FR_NO_NOTICE}`;
/**
 * Buying from the other side alone in French: "s'approvisionner en café exclusivement auprès du Fournisseur", "achète ses vins
 * uniquement chez le Caviste" (not "auprès de fournisseurs agréés" or "auprès d'un prestataire", a quality rule, not a tie to one party).
 */
const FR_SOLE_SOURCE = String.raw`(?<!${FR_LETTERS})(?:s['’]\s?approvisionn|ach[èe]t|se\s+fourni|command|acqu[ée]ri)${FR_LETTERS}*\s+(?:${FR_WORD}\s+){0,4}?` +
  String.raw`(?:exclusivement|uniquement|seulement)\s+(?:aupr[èe]s\s+d[eu]|chez)\b` +
  String.raw`(?!\s+(?:(?:un|une|des)\s|(?:${FR_WORD}\s+)?(?:fournisseurs|prestataires|producteurs|marques|partenaires|sources)${FR_END}))`;
/** A competitor in French: "un concurrent direct", "une agence concurrente", "faire concurrence" (not the "non-concurrence" clause's name). */
const FR_COMPETITOR = String.raw`(?<!${FR_LETTERS}|non[\s-])concurren(?:t|te|ts|tes|ce)${FR_END}`;
/**
 * A refusal in French: "s'interdit de", "il est interdit au Prestataire de", or "ne" with its negation after it ("ne travaillera pas",
 * "s'engage à ne pas", "n'exercera aucune activité").
 */
const FR_REFUSAL = String.raw`(?:\bs['’]\s?interdi${FR_LETTERS}*|(?<!${FR_LETTERS})interdi(?:t|te|ts|tes|ction)${FR_END}|` +
  String.raw`\bn(?:e\b|['’])(?=[^.]{0,60}?(?<!${FR_LETTERS})(?:pas|jamais|plus|point|aucune?|nulle?)${FR_END}))`;
/** Working for, joining or serving someone in French: "travailler pour", "collaborer avec", "exercer", "entrer au service de", "faire concurrence". */
const FR_WORK = String.raw`(?<!${FR_LETTERS})(?:travaill|collabor|exer[cç]|particip|s['’]\s?associ|fourni|pr[ée]st|conseill|investi|ouvr|exploit|interven|` +
  String.raw`rejoindre|s['’]\s?engag|s['’]\s?int[ée]ress|faire|entrer|[êe]tre\s+(?:salari|employ|embauch|engag|associ))${FR_LETTERS}*`;
/** Passing something on in French: "divulguer", "communiquer", "transmettre", "révéler" (to a competitor, it is secrecy). */
const FR_DISCLOSE = String.raw`(?<!${FR_LETTERS})(?:divulgu|communiqu|transm|r[ée]v[ée]l|diffus|remett|partag)`;
/** The deal by what it is, in French: "la mission", "le contrat", "la collaboration", "la prestation". */
const FR_DEAL = String.raw`(?:mission|contrat|collaboration|prestation|partenariat|engagement|relation|convention|campagne|accord|emploi|mandat|projet|saison|tourn[ée]e)${FR_END}`;
/** For the contract's term in French: "pendant (toute) la durée du contrat", "durant la mission", "tant que le contrat est en vigueur". */
const FR_DURING_TERM = String.raw`\b(?:pendant|durant)\s+(?:toute\s+)?(?:la\s+dur[ée]e\s+d(?:e\s+la|u|e\s+l['’]|es)\s*|l['’]\s?ex[ée]cution\s+d(?:e\s+la|u|e\s+l['’])\s*|la\s+|le\s+|l['’]\s?)${FR_DEAL}|` +
  String.raw`\btant\s+que\s+(?:${FR_WORD}\s+){1,4}?(?:est\s+en\s+vigueur|dure|se\s+poursuit|court)${FR_END}`;
/**
 * Past it in French: "après la fin de la mission", "l'année qui suit la fin du contrat", "à l'issue du contrat", "les 12 mois
 * suivants", and a fixed period, as "for two years" is in English ("pendant deux ans").
 */
const FR_AFTER_TERM = String.raw`(?<!${FR_LETTERS})(?:apr[èe]s|suivant|qui\s+suit|qui\s+suivent)\s+(?:la\s+(?:fin|cessation|rupture|r[ée]siliation|expiration|cl[ôo]ture)|` +
  String.raw`l['’]\s?(?:expiration|ach[èe]vement|issue))${FR_END}|(?<!${FR_LETTERS})[àa]\s+l['’]\s?issue\s+d[eu]\b|` +
  String.raw`\b(?:\d+|un|une|deux|trois|six|douze|dix-huit|vingt-quatre)\s+(?:ans?|ann[ée]es?|mois)\s+(?:suivants?|suivantes?|qui\s+suiv)|` +
  String.raw`\b(?:pendant|durant)\s+(?:une\s+p[ée]riode\s+de\s+)?(?:\d+|un|une|deux|trois|quatre|cinq|six|douze|dix-huit|vingt-quatre)\s+(?:ans?|ann[ée]es?|mois)${FR_END}`;
/**
 * Rights in a work in French: "droits d'auteur", "droits patrimoniaux", "droits d'exploitation", "droits de reproduction, de
 * représentation et de diffusion", "propriété intellectuelle" (not the contract's "droits et obligations").
 */
const FR_WORK_RIGHTS = String.raw`(?:\bdroits?\s+(?:patrimoniaux\s+)?(?:d['’]\s?auteur|patrimoniaux|d['’]\s?exploitation|de\s+(?:propri[ée]t[ée]\s+intellectuelle|reproduction|` +
  String.raw`repr[ée]sentation|diffusion|adaptation|exploitation|traduction|modification))|\bpropri[ée]t[ée]\s+intellectuelle)${FR_END}`;
/** Ceding or transferring them in French: "cède", "cèdent", "cédera", "transfère" (not "ne cède aucun droit"). */
const FR_CEDES = String.raw`(?<!${FR_LETTERS})(?<!\bne\s)(?:c[èeé]d|transf[èeé]r)(?:e|ent|era|eront|er)${FR_END}`;
/** A work made, in French: "créations", "œuvres", "contenus", "livrables", "clichés", "maquettes", "logiciels". */
const FR_WORKS = String.raw`(?<!${FR_LETTERS})(?:cr[ée]ations?|[œo]euvres?|contenus?|livrables?|photographies|photos|clich[ée]s|dessins?|illustrations?|textes?|vid[ée]os?|` +
  String.raw`logos?|maquettes?|logiciels?|codes?\s+sources?|d[ée]veloppements?|inventions?|recettes?|travaux)${FR_END}`;
/**
 * Without a limit in French: "sans limitation", "sans aucune limite", "sans plafond" (not "y compris sans limitation" or "notamment
 * et sans limitation", which introduce a list, nor "sans limitation de durée" or "sans limite dans le temps", which are time).
 */
const FR_WITHOUT_LIMIT = String.raw`(?<!\b(?:compris|notamment)(?:\s+et)?,?\s)\bsans\s+(?:aucune?\s+)?(?:limit(?:e|ation)s?|plafond|plafonnement)${FR_END}` +
  String.raw`(?!,?\s+(?:de\s+(?:dur[ée]e|temps|p[ée]riode)|dans\s+le\s+temps|quant\s+[àa]\s+la\s+dur[ée]e)${FR_END})`;
/** A duration with no end in French: "sans limitation de durée", "sans limite dans le temps", "pour une durée illimitée", "indéfiniment". */
const FR_ENDLESS = String.raw`\bsans\s+(?:aucune\s+)?(?:limite|limitation)\s+(?:de\s+(?:dur[ée]e|temps)|dans\s+le\s+temps)${FR_END}|` +
  String.raw`\bpour\s+une\s+dur[ée]e\s+(?:illimit[ée]e|ind[ée]termin[ée]e|ind[ée]finie)${FR_END}|\bind[ée]finiment${FR_END}|(?<!${FR_LETTERS})[àa]\s+perp[ée]tuit[ée]${FR_END}|\bperp[ée]tuellement${FR_END}`;
/**
 * Japanese contract wording (a lexicon beside the Spanish, German, Dutch, Italian and French ones). Japanese writes no spaces
 * between words, so its words are matched as written, with no `\b`, and the words between two of them stay in the sentence
 * (JA_ANY); a sentence ends with 。 (see JA_SENTENCE_END) and an article is headed "第3条（契約期間）" (see japaneseArticles).
 * A figure in Arabic, full-width or kanji numerals, as contracts write them: "30", "３０", "三十".
 */
const JA_NUMBER = String.raw`[0-9０-９一二三四五六七八九十百]+`;
/** Any character of the sentence, a 。 closing a bracket included ("著作権（…を含む。）は、…移転する" is one sentence). */
const JA_ANY = String.raw`(?:[^。]|。(?=[）)」』】〕”’]))`;
/** Either side, or both: "甲及び乙は", "甲又は乙は", "甲乙いずれも", "各当事者", "両当事者", "いずれの当事者も", "相互に". */
const JA_MUTUAL = String.raw`甲(?:及び|および|又は|または|並びに|と|、)乙(?:は|が|の(?:いずれ|双方|各)|いずれ|双方|とも|共に)|甲乙(?:は|いずれ|双方|とも|共に|各)|` +
  String.raw`各当事者|両当事者|当事者(?:双方|の双方|の(?:いずれ|各))|いずれの当事者|双方(?:は|とも|が)|相互に|互いに`;
/** A refusal, at the end of the sentence as Japanese puts it: "してはならない", "しないものとする", "行わない", "禁止する", "できない". */
const JA_REFUSE = String.raw`(?:てはならない|ないものとする|ないこと|しない|行わない|禁止|できない|差し控え|控える)`;
/** Negated right after the verb: "更新されない", "移転しない", "譲渡するものではない", "自動更新は行わない", "自動更新なし". */
const JA_NOT_AFTER = String.raw`(?![^。、]{0,8}?(?:ない|ず|ません|なし))`;
/**
 * No notice: "事前の通知なく", "予告なしに", "何らの催告を要せず", "直ちに", a side's own judgement ("当社の判断により", "その裁量に
 * より", as "sole discretion"), and changes that apply once posted ("本サービス上に掲示した時点から効力を生じる").
 */
const JA_NO_NOTICE = String.raw`(?:通知|予告|催告|連絡)を?(?:する(?:こと)?なく|なく|なしに|なしで|せずに|せず|要せず|要しない|要することなく)|直ちに|即時|即日|` +
  String.raw`(?:判断|裁量)(?:により|で|において|に基づき)|(?:掲示|掲載|公表|公開|表示)(?:した|された)(?:時点|時|日)(?:から|より|をもって)`;
/** A notice period: "1か月前までに", "30日前に", "３ヶ月以上前", "30日以上の予告期間". */
const JA_NOTICE_PERIOD = String.raw`${JA_NUMBER}\s*(?:か|ヶ|ケ|カ|ヵ|箇)?\s*(?:月|日|週間|営業日)(?:以上)?(?:前|以前)|` +
  String.raw`${JA_NUMBER}\s*(?:日|週間|(?:か|ヶ|ケ|カ|ヵ|箇)月)以上の(?:予告|通知)`;
/** Ending on notice: "1か月前までに書面で通知することにより", "予告して", "書面により申し入れて". */
const JA_NOTICE_GIVEN = String.raw`(?:前|以前)(?:まで)?に${JA_ANY}{0,40}?(?:通知|予告|申し入れ|申入れ|申し出|申出)|` +
  String.raw`(?:通知|予告|申し入れ|申入れ|申し出|申出)を?(?:する|して|し|行う)?ことにより|書面(?:で|により|による|をもって)(?:通知|予告|申し入れ|申入れ)`;
/** Needing no reason: "いつでも", "理由の如何を問わず", "理由なく", "任意に", "自己の都合により", "中途解約", a side's own judgement. */
const JA_AT_WILL = String.raw`いつでも|理由(?:の(?:如何|いかん))?を問わず|理由(?:なく|を示さず|を要せず)|任意に|都合により|中途(?:で)?解約|` +
  String.raw`(?:判断|裁量)(?:により|で|において|に基づき)`;
/** Ending a contract: "解約", "解除", "解雇", "終了させる", "打ち切る", and a service stopped or an account deleted ("提供を停止"). */
const JA_END = String.raw`(?:解約|解除|解雇|終了(?:さ|し|す)|打ち切|(?:提供|利用)を(?:停止|中止|終了)|(?:登録|アカウント)を(?:抹消|削除)|退会させ)`;
/** Who may: "することができる", "できます", "し得る". */
const JA_MAY = String.raw`(?:ことができ|できる|できます|し得る|しうる)`;
/**
 * Ending for a reason: a breach or a default ("違反", "怠った"), insolvency, seizure, dissolution, or a list of grounds ("次の各号
 * のいずれかに該当したとき"), unless no reason is needed as well ("いつでも").
 */
const JA_FOR_CAUSE = String.raw`^(?![^]*(?:いつでも|理由(?:の(?:如何|いかん))?を問わず|理由なく|任意に|都合により|中途(?:で)?解約))[^]*?` +
  String.raw`(?:違反|不履行|怠(?:っ|る|り)|破産|民事再生|会社更生|特別清算|差押|仮処分|支払(?:停止|不能)|不渡|解散|信用(?:状態|不安)|背信|反社会的勢力|` +
  String.raw`やむを得ない事由|重大な事由|各号|いずれかに該当|懲戒)`;
/** A competitor, or a business of the same kind: "競合する", "競業", "同業他社", "同種の事業", "類似する業務". */
const JA_RIVAL = String.raw`(?:競合|競業|同業他社|同業者|同種(?:又は類似)?の(?:事業|業務|営業|商品|サービス)|類似(?:する|の)(?:事業|業務|営業))`;
/** Working for, running or dealing with one: "就職", "従事", "受託", "営む", "設立", "取引", "役員に就任", "行う". */
const JA_ENGAGE = String.raw`(?:従事|就職|就任|就業|勤務|転職|雇用|雇われ|受託|受注|請け?負|提供|営(?:ま|み|む|業)|経営|設立|開業|出店|取引|関与|参加|協力|起業|出演|行(?:わ|い|う|っ))`;
/**
 * A bar on competing: serving, joining or running a competitor or one of the same kind ("甲と競合する会社から業務を受託してはな
 * らない", "同業他社に就職してはならない"), the duty by its name ("競業避止義務を負う"), or a radius ("半径3km以内で…開業してはな
 * らない"). Passing information to a competitor is secrecy, not a restraint.
 */
const JA_NON_COMPETE = [
  String.raw`^(?![^]*?(?:開示|漏えい|漏洩))[^]*?${JA_RIVAL}${JA_ANY}{0,60}?${JA_ENGAGE}${JA_ANY}{0,30}?${JA_REFUSE}`,
  String.raw`競(?:業|合)(?:行為|する行為)?を${JA_ANY}{0,10}?${JA_REFUSE}|競業(?:避止|禁止)義務を負う`,
  String.raw`半径\s*${JA_NUMBER}(?:[.．][0-9０-９]+)?\s*(?:km|ｋｍ|キロ(?:メートル)?|メートル|m)(?:以内|圏内)${JA_ANY}{0,80}?${JA_REFUSE}`,
];
/** For the contract's term only: "本契約期間中", "有効期間中", "在職中", "雇用期間中", "本契約が存続する間". */
const JA_DURING_TERM = String.raw`(?:契約|雇用|在職|在籍|委託|有効|存続)(?:期間)?中|(?:契約|有効)期間内|存続する間|在職する間|在籍する間`;
/** Past it: "本契約終了後2年間", "退職後1年間", "契約満了の日以降", "解除から". */
const JA_AFTER_TERM = String.raw`(?:終了|満了|解約|解除|退職|退社|離職)(?:の日)?(?:後|以後|以降|の翌日から|から)`;
/** The other side's people or customers: "従業員", "社員", "スタッフ", "技術者", "顧客", "取引先". */
const JA_STAFF = String.raw`(?:従業員|社員|役員|職員|スタッフ|従事者|派遣(?:社員|労働者|スタッフ)|技術者|人材|要員|講師|作業員|顧客|取引先|クライアント)`;
/** Going after them: "引き抜く", "引抜き", "勧誘する", "雇用する", "採用する", "直接取引する". */
const JA_POACH = String.raw`(?:引き?抜|勧誘|雇用|雇い入|採用|直接(?:取引|契約|雇用|依頼|受注))`;
/** A duration with no end: "期間の定めなく", "期限の定めなく", "無期限に", "永久に", "永続的に". */
const JA_ENDLESS = String.raw`期間の定めなく|期限の定めなく|期間の制限なく|期限なく|無期限|永久(?:に|的に)|永続的に|期間を定めず`;
/** Secrecy: "秘密", "機密", "守秘", "秘匿". */
const JA_SECRECY = String.raw`(?:秘密|機密|守秘|秘匿)`;
/** Rights in a work: "著作権", "知的財産権", "特許を受ける権利", "意匠権". */
const JA_WORK_RIGHTS = String.raw`(?:著作権|知的財産権|知的所有権|産業財産権|工業所有権|特許(?:を受ける)?権(?:利)?|意匠(?:登録を受ける)?権|実用新案権|商標権)`;
/** Making a work: "作成", "創作", "開発", "翻訳", "撮影", "発明", "投稿". */
const JA_MADE = String.raw`(?:作成|創作|制作|開発|執筆|翻訳|撮影|録音|発明|考案|設計|投稿)`;
/**
 * The side a work is made for, by the names contracts give it: "甲" (the client or employer by convention), "委託者", "発注者",
 * "会社", "当社". A work that "belongs" there after it is made has changed hands ("従業員が作成した著作物の著作権は会社に帰属する").
 */
const JA_COMMISSIONER = String.raw`(?:甲|委託者|発注者|注文者|会社|当社|弊社|使用者|雇用主|クライアント|依頼者)`;
/** The maker keeps what it made: "乙が作成した翻訳物の著作権は乙に帰属する" is no assignment (the maker's name said twice). */
const JA_MAKER_KEEPS = String.raw`(甲|乙|丙|会社|当社|従業員|委託者|受託者|利用者)が${JA_ANY}{0,60}?${JA_MADE}${JA_ANY}{0,150}?\1に帰属`;
/** A penalty ruled out right after its name: "違約金なしで", "違約金は発生しない", "ペナルティは一切ありません". */
const JA_NONE = String.raw`(?:なし|なく|不要|の定めはな|は(?:発生し|不要|一切|生じ|かから|ありません|ない))`;
/**
 * A penalty by its Japanese name ("違約金", "違約罰", "損害賠償額の予定", "制裁金", "過怠金", "ペナルティ"), or the rent or fees of
 * the rest of the term owed on leaving early ("残存期間の賃料相当額"): high whatever its sum.
 */
const JA_PENALTY = String.raw`違約(?:金|罰)(?!${JA_NONE})|損害賠償(?:額)?の予定|制裁金|過怠金|ペナルティ(?!${JA_NONE})|` +
  String.raw`(?:残存期間|残余期間|残(?:り|余)の(?:契約)?期間|残期間)${JA_ANY}{0,30}?(?:賃料|家賃|料金|利用料|使用料|委託料|報酬|月額|代金)(?!${JA_ANY}{0,20}?(?:必要はな|不要|要しない|請求しない))`;
/** Interest or charges for paying late: "遅延損害金", "遅延利息", "延滞金", "延滞料" (medium, unless their rate is 24% a year or more). */
const JA_LATE_CHARGE = String.raw`遅延損害金|遅延利息|延滞(?:金|料|利息|損害金)|遅延(?:料|金)(?!額)|遅滞(?:料|利息)`;
/** A sum for each day of delay: "遅延1日につき1万円", "納期を超過した場合、1日あたり5,000円". */
const JA_PER_DAY_LATE = String.raw`(?:遅延|遅れ|遅滞|超過|経過)${JA_ANY}{0,60}?[1１一]日(?:につき|あたり|当たり|ごとに|毎に)${JA_ANY}{0,20}?[0-9０-９]`;
/** What one side may change: the terms ("規約", "約款", "条件"), prices and fees ("料金", "賃料", "報酬"), rules and manuals. */
const JA_TERMS = String.raw`(?:規約|約款|契約|料金|価格|単価|賃料|家賃|報酬|委託料|利用料|手数料|会費|条件|内容|仕様|規程|規則|ルール|ガイドライン|マニュアル|ポリシー|給与|賃金)`;
/** Changing them: "変更", "改定", "改訂", "値上げ", "引き上げ", "見直す". */
const JA_CHANGE = String.raw`(?:変更|改定|改訂|改正|値上げ|引き上げ|引上げ|増額|見直)`;
/** A change both sides make: "甲乙協議の上", "書面による合意により", "利用者の同意を得て" (not "承諾を得ることなく"). */
const JA_AGREED_CHANGE = String.raw`協議(?:の上|して|により)|(?:書面による|双方の|両当事者の|甲乙の)合意|合意(?:により|に基づき|の上)|(?:同意|承諾)を得て`;
/** Dealing with anyone else: "甲以外の者", "他社", "他の業者". */
const JA_OTHERS = String.raw`(?:以外の(?:第三者|者|業者|会社|企業|事業者|取引先|販売店|代理店)|他社|他の(?:業者|事業者|会社|企業|取引先|販売店|代理店|仕入先|供給者|メーカー))`;
/** Work beyond the contract's own: made off hours ("業務時間外"), privately, or before the contract ("本契約締結前", "入社前"). */
const JA_BEYOND_WORK = String.raw`業務時間外|就業時間外|勤務時間外|所定労働時間外|私的(?:に|な)|余暇|休日に|(?:締結|開始)(?:前|以前)|入社(?:前|以前)|既に(?:保有|有する)`;
/** Indirect loss excluded: "間接損害及び逸失利益について責任を負わない", "特別損害は賠償の範囲に含まない". */
const JA_INDIRECT_LOSS_EXCLUDED = String.raw`(?:間接(?:的な?)?損害|特別(?:な)?損害|逸失利益|付随的損害|結果(?:的)?損害)${JA_ANY}{0,60}?(?:負わない|負いません|賠償しない|責任を負わ|除く|含まない|免責)`;
/** Ending it, as a right one side has: "terminate", "end", "cancel", "stop" (volunteering), "quit". */
const END_VERB = String.raw`(?:terminat\w*|end|cancel\w*|stop|quit)`;
const MUTUAL = anyOf(
  String.raw`\b(?:either|each|both|neither)\s+(?:part(?:y|ies)|sides?|of\s+us)\b|\bthe\s+parties\s+may\b`,
  String.raw`\bmutual(?:ly)?\b`,
  // Both sides named: "either you or the Company may", "either the Tenant or the Landlord".
  String.raw`\beither\s+(?:you|we|the\s+\w+|\w+)\s+or\s+(?:you|we|us|the\s+\w+|\w+)\s+(?:may|can|shall|will|is|are)\b`,
  // Each side given the right in turn, the second often by ellipsis: "the Tenant may end the tenancy on a month's notice, and the
  // Landlord by serving notice", "the Client may terminate on 30 days' notice and the Consultant may do so on 60" (not "and the
  // Employee on termination shall return …" nor "and the Contractor on that notice shall stop work": what the second side does then
  // is no right to end), "you can stop volunteering at any time, and we can end your volunteering at any time".
  String.raw`\b(?:the\s+(?<firstSide>[\w-]+)|we|you)\s+(?:may|can)\s+${END_VERB}\b[^.;]{0,120}?,?\s+(?:and|while|whereas)\s+` +
    String.raw`(?:the\s+(?!\k<firstSide>(?![\w-]))[\w-]+|we|you|us)\s+(?:(?:may|can)\s+(?:also\s+)?(?:do\s+so|${END_VERB})\b|` +
    String.raw`(?:by|on|upon|with|after|giving|serving)\s+(?:[\w()'’-]+\s+){0,4}?(?:notice|days?|weeks?|months?)\b(?![^.;,]{0,40}?\b(?:shall|will|must|is|are)\b))`,
  // Employment "at will" is either side's right by definition ("Your employment is at-will"), unless the sentence gives it to one
  // side ("the Company can end it at any time", "at the will of the Company").
  String.raw`^(?![^]*\b(?:the\s+\w+|we|they|it|he|she)\s+(?:may|can)\s)[^]*?(?:\b(?:is|are|be|remains?)\s+(?:an?\s+)?(?:[\w-]+\s+)?at[\s-]will\b(?!\s+(?:of|by)\b)|` +
    String.raw`\ban\s+at[\s-]will\s+(?:basis|relationship|employ\w*|engagement|arrangement|position|job|role)\b)`,
  // Sides of one role bound to each other: "each partner shall indemnify the other partner", "any member … to the other members".
  String.raw`\b(?:each|either|any|every)\s+(?<oneRole>[a-z][\w-]{2,30}?)\b[^.;]{0,160}?\bthe\s+other\s+\k<oneRole>s?\b`,
  // Either of one role given a right or a duty ("Either partner may leave", "Neither co-founder shall"; not "in either case the Company
  // may"), and each bound to "the other" alone ("Each partner indemnifies the other against claims"; not "each month … the other charges").
  String.raw`\b(?:either|neither)\s+[a-z][\w-]{2,30}\s+(?:may|can|shall|will|must|agrees?)\b|` +
    String.raw`\beach\s+(?!(?:month|year|week|day|time|invoice|payment|instal\w*)\b)[a-z][\w-]{2,30}\b[^.;]{0,60}?\bthe\s+other\b` +
    String.raw`(?=\s*(?:[.,;:)]|$)|\s+(?:against|for|from|in|on|at|with|and|or|if|when|under|about|to|by|harmless|whole)\b)`,
  ES_MUTUAL,
  DE_MUTUAL,
  NL_MUTUAL,
  IT_MUTUAL,
  FR_MUTUAL,
  JA_MUTUAL,
);
/** Theirs to decide: "our call" (not "our call centre"). */
const OUR_CALL = String.raw`(?:our|their|its)\s+call\b(?!\s+(?:cent(?:re|er)s?|handlers?|lines?|logs?|charges?|rates?)\b)`;
const NO_NOTICE = anyOf(
  String.raw`\bwithout\s+(?:any\s+|prior\s+|advance\s+)?(?:written\s+)?notice\b|\bwith\s+no\s+(?:prior\s+)?notice\b`,
  String.raw`\bimmediately\b|\bsole\s+(?:and\s+absolute\s+)?discretion\b`,
  // "Immediately" in plain words: "we can end this straight away", "on the spot".
  String.raw`\b(?:straight|right)\s+away\b|\bon\s+the\s+spot\b|\bthere\s+and\s+then\b`,
  // Plain wording of the same: "whenever they like", "no notice needed", "we are not required to notify you".
  String.raw`\bwhenever\s+(?:we|they|it|he|she|the\s+\w+)\s+(?:like|want|wish|choose|please)s?\b|\bno\s+notice\b`,
  // Discretion is no notice either: "at our discretion", "our call" (not "our call centre").
  String.raw`\b(?:at|in)\s+(?:our|its|their|his|her)\s+(?:own\s+|absolute\s+)?discretion\b|\b${OUR_CALL}`,
  String.raw`\bnot\s+(?:be\s+)?(?:required|obliged|obligated|bound)\s+to\s+(?:notify|tell|inform|warn)|\bwithout\s+(?:first\s+|having\s+to\s+|needing\s+to\s+)?(?:notify(?:ing)?|tell(?:ing)?|inform(?:ing)?|warn(?:ing)?)\b`,
  // Changes that apply once posted, however the taking effect is said: "take effect when posted", "are effective as soon as they are
  // posted", "become effective upon publication", or with no verb: "which Landlord may change, effective once posted".
  String.raw`\b(?:(?:take|takes|taking)\s+effect|(?:(?:are|is|be|become|becomes|became)\s+)?effective)\s+(?:immediately\s+)?(?:as\s+soon\s+as|when|once|upon|on)\s+` +
    String.raw`(?:(?:they|it)(?:\s+are|\s+is|['’]re|['’]s)\s+|(?:their|its)\s+)?(?:posted|published|posting|publication)`,
  ES_NO_NOTICE,
  PT_NO_NOTICE,
  DE_NO_NOTICE,
  NL_NO_NOTICE,
  IT_NO_NOTICE,
  FR_NO_NOTICE,
  JA_NO_NOTICE,
);
/** A period of notice: "30 days", "two weeks", "a month". */
const PERIOD = String.raw`(?:\d+|an?|one|two|three|four|six|eight|ten|twelve|fourteen|thirty|sixty|ninety)\s+(?:calendar\s+|business\s+|working\s+)?(?:days?|weeks?|months?)`;
/**
 * A stated notice period ("on 30 days' written notice", "as long as he gives me two weeks' notice", "a month's notice")
 * outweighs "whenever" or "at any time".
 */
const NOTICE_PERIOD = anyOf(
  String.raw`\b${PERIOD}['’]?s?\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice\b`,
  // Notice in plain words: "we will inform you 2 weeks before", "we'll let you know 30 days in advance".
  String.raw`\b(?:inform|tell|notify|warn|let\s+(?:[\w-]+\s+){1,2}?know)\s+(?:[\w-]+\s+){0,3}?${PERIOD}\s+(?:before(?:hand)?|in\s+advance|ahead|prior)\b`,
  ES_NOTICE_PERIOD,
  PT_NOTICE_PERIOD,
  DE_NOTICE_PERIOD,
  NL_NOTICE_PERIOD,
  IT_NOTICE_PERIOD,
  FR_NOTICE_PERIOD,
  JA_NOTICE_PERIOD,
);
/**
 * Ending a deal in plain words: "call this off", "call it off", "pull out of this", "back out", "wants out", "walk away from this deal"
 * (not "walk away with", nor a van that "backs out of the yard": only out of this, it or the deal).
 */
const THE_DEAL = String.raw`(?:this|it|(?:this|the)\s+(?:whole\s+)?(?:deal|thing|agreement|arrangement|contract|hire|job|booking))`;
const CALL_OFF = String.raw`call\s+(?:${THE_DEAL}|things)\s+off|call\s+off\s+${THE_DEAL}|(?:pull|back|get|wants?)\s+out(?:\s+of\s+${THE_DEAL})?(?![\w-]|\s+of\b)|` +
  String.raw`walk\s+away(?:\s+from\s+${THE_DEAL})?(?![\w-]|\s+(?:with|from)\b)`;
/**
 * Ending the deal by the activity it is for: "you can stop volunteering", "we can end your tutoring", "quit coaching" (the gerund
 * names what one side does for the other).
 */
const STOP_DOING = String.raw`(?:end|stop|quit|cease)\s+(?:(?:your|his|her|their|its|[\w-]+['’]s)\s+)?[\w-]+ing\b`;
/**
 * What comes before an ending event rather than a right to end: "following the termination", "upon the Employee's dismissal",
 * "after termination", "survive termination".
 */
const ENDING_EVENT = String.raw`\b(?:following|after|upon|on|from|at|since|before|until|notwithstanding|surviv\w*|prior\s+to|subsequent\s+to|` +
  String.raw`in\s+the\s+event\s+of|in\s+case\s+of|by\s+reason\s+of)\s+(?:(?:the|any|such|its|his|her|your|their|our|an?)\s+)?(?:[\w-]+['’]s\s+)?` +
  // The ending named as a pair: "following the expiry or termination", "upon expiry or earlier termination".
  String.raw`(?:(?:expiry|expiration|end|lapse|completion|cessation|termination)\s+(?:or|and|and\/or)\s+(?:(?:earlier|early|sooner|prior)\s+)?)?`;
/**
 * What one who cancels pays: a cancellation charge, a deposit kept, the full fee or a share of it still due ("the fees for work
 * done are payable" is what the other side owes when it ends the deal).
 */
const CANCELLER_PAYS = String.raw`(?:cancellation|termination|kill|break)\s+(?:charges?|fees?)|liquidated\s+damages|penalt(?:y|ies)|forfeit\w*|non-?refundable|` +
  String.raw`not\s+(?:be\s+)?refund(?:ed|able)|(?:full|whole|entire|\d+\s*%\s+of\s+the)\s+(?:[\w-]+\s+){0,2}?(?:fee|price|balance|amount|sum|rent)\s+(?:[\w-]+\s+){0,2}?(?:payable|due)`;
/**
 * The deal named by what it is for, which ending ends it: "end the project", "end the residency", "end the guest spot" (the words
 * after it still say whether a reason is needed: "at any time", "without notice").
 */
const DEAL_BY_PURPOSE = String.raw`(?:project|campaign|commission|collaboration|partnership|sponsorship|residency|placement|internship|` +
  String.raw`apprenticeship|hire|gig|spot|slot|assignment|programme|program|course|season|tour|retainer|mandate)`;
/**
 * Leaving the partnership, band or collective the deal sets up, which ends it for the one who leaves: "leave the partnership",
 * "withdraw from the collective", "quit the band", "exit the venture" (not leaving the premises or one's bikes in the yard).
 */
const LEAVE_THE_DEAL = String.raw`(?:leave|withdraw\s+from|exit|quit|resign\s+from|step\s+(?:down|away)\s+from|pull\s+out\s+of)\s+(?:the|this|our|its|their|his|her)\s+` +
  String.raw`(?:[\w-]+\s+)?(?:partnership|collective|band|group|club|association|co-?operative|co-?op|syndicate|consortium|joint\s+venture|venture|scheme|` +
  String.raw`agreement|arrangement|contract|membership|${DEAL_BY_PURPOSE})\b`;
/** No one is given the right to end it: the sentence has no "may cancel", "can end", "right to terminate". */
const NO_RIGHT_TO_END = String.raw`^(?![^]*\b(?:may|can|entitled\s+to|right\s+to)\s+(?:[\w-]+\s+){0,3}?(?:terminat|cancel|end|dismiss))`;
/** Whose deal or place: "the", "this", "any", a party's ("Vendor's booth", "a member's place"). */
const WHOSE = String.raw`(?:(?:this|the|your|our|its|their|his|her|any|an?)\s+(?:[\w-]+['’]s\s+)?|[\w-]+['’]s\s+)`;
const noticeless = (text: string): boolean => NO_NOTICE.test(text) && !NOTICE_PERIOD.test(text);
/** "All losses" and the like: broad, unless what they arise from is one stated kind of claim (SCOPED_CLAIM). */
const ALL_LOSSES = anyOf(
  String.raw`\ball\s+(?:claims|losses|damages|liabilities)\b`,
  // The same in German: "von sämtlichen Ansprüchen Dritter", "alle Schäden".
  String.raw`\b(?:s[aä]mtlich|alle)\w*\s+(?:${DE_WORD}\s+)?(?:anspr[uü]ch|forderung|sch[aä]d|verlust)\w*`,
);
/**
 * A claim of one stated kind: "arising from any claim that the Deliverables infringe", "against third-party claims alleging that".
 * "All losses" from such a claim are the standard infringement indemnity, not all losses whatever their cause.
 */
const SCOPED_CLAIM = /\b(?:from|of|against|for|under|in\s+respect\s+of|relating\s+to)\s+(?:(?:any|a|each|every)\s+)?(?:third[\s-]part(?:y|ies)['’]?\s+)?claims?\s+(?:(?:made|brought)\s+by\s+(?:a\s+|any\s+)?third\s+part(?:y|ies)\s+)?(?:that|alleging)\b/i;
const BROAD = anyOf(
  String.raw`\bany\s+and\s+all\b|\bwhatsoever\b|\bregardless\s+of\b|\bhowsoever\b`,
  String.raw`\barising\s+(?:out\s+of|from)\s+or\s+(?:in\s+connection\s+with|relat(?:ed|ing)\s+to)|\bof\s+any\s+kind\b`,
  String.raw`\b(?:any|all)\s+claims?,\s+(?:losses|damages|costs)\b`,
  // "Any and all" in Portuguese and Spanish: "toda e qualquer reclamação", "todas y cada una de las reclamaciones".
  String.raw`\btod[ao]s?\s+e\s+(?:qualquer|quaisquer)\b|\bquaisquer\s+e\s+tod[ao]s\b|\btod[ao]s?\s+y\s+cada\s+un[ao]s?\b|\bcualquier(?:a)?\s+y\s+tod[ao]s?\b`,
  // In French: "de quelque nature que ce soit", "quelle qu'en soit la cause", "toutes les réclamations".
  String.raw`\bde\s+quelque\s+(?:nature|sorte)\s+que\s+ce\s+soit\b|\bquelle?s?\s+qu['’]en\s+soi(?:t|ent)\b|\btou(?:s|tes)\s+(?:les\s+)?(?:r[ée]clamations|pertes|dommages|pr[ée]judices)${FR_END}`,
  // In Japanese: "一切の損害", "あらゆる請求", "名目の如何を問わず", "直接・間接を問わず".
  String.raw`一切の|あらゆる|(?:如何|いかん)を問わず|(?:直接|間接)(?:的)?(?:か|・|又は)(?:間接|直接)(?:的)?(?:か)?を問わず`,
);
/** A restriction that lasts past the contract ("for 24 months after termination"). */
const AFTER_TERM = anyOf(
  String.raw`\b(?:after|following|thereafter|post-?termination|from\s+the\s+(?:end|termination))\b`,
  String.raw`\bfor\s+(?:a\s+period\s+of\s+)?(?:\d+|one|two|three|four|five|six|twelve|eighteen|twenty-four)\s+\(?\d*\)?\s*(?:months?|years?)\b`,
  ES_AFTER_TERM,
  DE_AFTER_TERM,
  FR_AFTER_TERM,
  JA_AFTER_TERM,
);
/**
 * What the contract lasts for, by whatever the deal is: its term or lease, or the event, season, plan or campaign it is for
 * ("during the festival weekend", "while the plan runs").
 */
const THE_DEAL_PERIOD = String.raw`(?:term|engagement|employment|agreement|contract|relationship|lease|tenancy|arrangement|membership|plan|subscription|` +
  String.raw`appointment|residency|placement|campaign|project|season|tour|event|festival|fair|market|show|exhibition|weekend|booking|hire|licen[cs]e|sponsorship|partnership)`;
/** "during that time", "in this period": the period a sentence before has set. */
const PERIOD_SET_BEFORE = String.raw`\b(?:during|throughout|for|in)\s+(?:that|this|such|the\s+same)\s+(?:time|period)\b`;
/** The deal's length, counted: "the 3 months", "the six weeks", "the two years" (of the campaign, of the lease). */
const COUNTED_LENGTH = String.raw`the\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few)\s+(?:days?|weeks?|months?|years?|seasons?)`;
const LIMITED_TO_TERM = anyOf(
  String.raw`\b(?:during|throughout|for\s+the\s+(?:duration|length|life)\s+of)\s+(?:the|this|its|his|her|your|their|our)\s+(?:[\w-]+\s+){0,2}?${THE_DEAL_PERIOD}\b`,
  // The term said by its length: "for the 3 months of the campaign", "during the two years of the lease".
  String.raw`\b(?:for|during|throughout|over|in)\s+${COUNTED_LENGTH}\s+of\s+(?:the|this|its|his|her|your|their|our)\s+(?:[\w-]+\s+){0,2}?${THE_DEAL_PERIOD}\b`,
  String.raw`\b(?:while|whilst|(?:as|so)\s+long\s+as)\s+(?:(?:this|the|its|our|your|their)\s+(?:[\w-]+\s+){0,2}?${THE_DEAL_PERIOD}\s+(?:(?:is|remains)\s+in\s+(?:force|effect|place|progress)|` +
    String.raw`runs|lasts|continues|is\s+(?:running|on|ongoing|current|active|live))|(?:you\s+are\s+|he\s+is\s+|she\s+is\s+|they\s+are\s+)?(?:employed|engaged))\b`,
  // The same in plain words: "while you're teaching for us", "whilst you work with us", "as long as you're with the Studio".
  String.raw`\b(?:while|whilst|(?:as|so)\s+long\s+as)\s+(?:you|he|she|they)(?:['’]re|\s+are|\s+is|\s+remains?|\s+stays?)?\s+(?:still\s+)?(?:[\w-]+\s+)?(?:for|with)\s+(?:us|me|the\s+\w+)\b`,
  ES_DURING_TERM,
  DE_DURING_TERM,
  FR_DURING_TERM,
  JA_DURING_TERM,
  // The period the sentence before set ("From signing until 31 May, … During that time you won't …"), read with it (REFERS_BACK).
  PERIOD_SET_BEFORE,
);
/** A sentence whose period is the one the sentence before it sets: "during that time", "in this period". */
const REFERS_BACK = new RegExp(PERIOD_SET_BEFORE, 'i');
/**
 * A sentence that carries the one before on to more: "This includes …", "This also covers …", "The same applies to …", and in
 * German, French, Spanish, Portuguese, Italian and Dutch ("Dies umfasst auch …", "Dies gilt auch für …", "Cela inclut …", "Esto
 * incluye …", "Ciò comprende …", "Dit geldt ook voor …").
 */
const EXTENDS_THE_ONE_BEFORE = new RegExp(
  String.raw`^\s*(?:(?:this|that|which|it|the\s+same)\s+(?:also\s+|further\s+)?(?:includes?|covers?|extends?\s+to|appl(?:y|ies)\s+(?:also\s+|equally\s+)?to)|` +
    String.raw`(?:dies|das|diese\w*|gleiches|selbiges)\s+(?:umfasst|umfassen|gilt|erstreckt\s+sich|schlie(?:ß|ss)t)\b(?!\s+nicht\b)|` +
    String.raw`(?:ceci|cela|ce\s+qui|il|elle)\s+(?:inclut|comprend|couvre|s['’]\s?applique|s['’]\s?étend)|(?:esto|ello|eso|isto|isso|ci[oò]|questo|dit|dat)\s+` +
    String.raw`(?:tambi[eé]n\s+|tamb[eé]m\s+|anche\s+|ook\s+)?(?:incluye|comprende|abarca|se\s+aplica|se\s+extiende|inclui|abrange|include|comprende|vale|si\s+applica|omvat|geldt))\b(?!\s+(?:nicht|niet|not|pas)\b)`,
  'i',
);
/** A restraint for the contract's own term, not past it. */
const withinTerm = (sentence: string): boolean => LIMITED_TO_TERM.test(sentence) && !AFTER_TERM.test(sentence);
/**
 * A clause headed as exclusivity ("Exclusivity.", "Exclusive dealing.", "Exclusividad:", "Exclusivité", "Esclusiva", "Exklusivität",
 * "独占", "専属"), not as a non-compete ("Exclusivity and non-competition.", "Exclusivité et non-concurrence", "競業").
 */
const EXCLUSIVITY_HEADING = new RegExp(
  String.raw`^(?![^]*(?:compet|concorr|concurr|wettbewerb|konkurrenz|競業|競合))[^]*(?:\bexclusiv(?:e|ity|idad|idade|iteit)\b|(?<!${FR_LETTERS})exclusivit[ée]${FR_END}|` +
    String.raw`\besclusiv(?:a|o|it[aà])(?!${IT_LETTERS})|${DE_START}exklusiv(?:it[aä]t)?(?![\wäöüß])|独占|専属)`,
  'i',
);
/** Getting goods or services: the verbs of an obligation to buy from someone. */
const PROCURE = String.raw`(?:purchas(?:e|es|ed|ing)|buy(?:s|ing)?|bought|sourc(?:e|es|ed|ing)|order(?:s|ed|ing)?|obtain(?:s|ed|ing)?|procur(?:e|es|ed|ing)|acquir(?:e|es|ed|ing)|use[sd]?|using)`;
/** Up to three words naming goods before "requirements" or "needs" ("coffee bean", "flour and yeast"), none a preposition or a relative. */
const GOODS_NAMED = String.raw`(?:(?!(?:to|for|of|from|with|by|as|at|in|on|that|which|who|the|an?|its|their)\b)[\w-]+\s+){0,3}?`;
/** Selling or supplying one's goods. */
const SUPPLY = String.raw`(?:sell(?:s|ing)?|sold|suppl(?:y|ies|ied|ying))`;
/**
 * One party, named as a party ("the Buyer", "us") and not an audience or a place: "the bakery trade", "the Buyer's address".
 */
const ONE_PARTY = String.raw`(?:the\s+[\w-]+|us|me)(?=\s*(?:[.,;:)]|$)|\s+(?:and|for|during|throughout|in|at|on|from|until|while|under|each|every|alone)\b)`;
const TO_ONE_PARTY = String.raw`(?:to|through|via)\s+${ONE_PARTY}`;
/**
 * The kinds of business a worker or trader could serve, run, stock or promote instead of the other side's: "bars", "a tea
 * retailer", "salons", "a skincare brand", "a coffee producer", "an event or market".
 */
const BUSINESS = String.raw`(?:bars?|pubs?|clubs?|venues?|caf(?:e|é)s?|restaurants?|hotels?|shops?|stores?|retailers?|outlets?|salons?|gyms?|studios?|` +
  String.raw`schools?|nurser(?:y|ies)|practices?|clinics?|baker(?:y|ies)|brewer(?:y|ies)|winer(?:y|ies)|distiller(?:y|ies)|roaster(?:s|y|ies)|theatres?|` +
  String.raw`agenc(?:y|ies)|firms?|compan(?:y|ies)|business(?:es)?|employers?|brands?|labels?|producers?|makers?|manufacturers?|growers?|farms?|` +
  String.raw`wholesalers?|importers?|distributors?|dealers?|publishers?|promoters?|organi[sz]ers?|events?|markets?|festivals?|fairs?|shows?|teams?)`;
/**
 * Another of the other side's kind, in a territory or not: "any other bars in Didsbury", "any other tea or coffee retailer
 * operating in Yorkshire", "another restaurant", "any other skincare or cosmetics brand". The words before the kind describe
 * it: "any other goods at the fair" names goods, not a rival fair.
 */
const RIVAL = String.raw`(?:any\s+|an)?(?:other|similar)\s+(?:(?!(?:at|in|on|of|from|for|to|with|by|than|the|an?|this|that|its|their|our|your)\b)[\w&'’-]+\s+){0,3}?` +
  String.raw`${BUSINESS}(?![\w-])`;
/** Who competes: a competitor or rival, a competing business, or a business "that competes with" the other side. */
const COMPETITOR = String.raw`(?:competitors?|rivals?|competing\s+(?:[\w-]+\s+)?(?:business|company|firm|brand|product|service|employer)s?|` +
  String.raw`(?:${BUSINESS}|entit(?:y|ies)|organi[sz]ations?|enterprises?|ventures?|products?|anyone|persons?)\s+(?:that|which|who)\s+(?:competes?|is\s+(?:a\s+|in\s+)?competi\w*)|` +
  // A business like theirs, said after it: "any beverage business similar to the Franchised Business", "an agency of the same kind
  // as the Company's", "any venture competitive with ours" (a business "similar to a nightclub" is a kind, not their rival).
  String.raw`(?:${BUSINESS}|entit(?:y|ies)|enterprises?|ventures?|activit(?:y|ies))\s+(?:(?:that|which)\s+(?:is|are)\s+)?(?:(?:substantially|materially|broadly)\s+)?` +
  String.raw`(?:similar\s+to|comparable\s+to|(?:of\s+)?the\s+same\s+(?:kind|type|nature)\s+as|competitive\s+with|in\s+competition\s+with)\s+` +
  String.raw`(?:the|that|those|its|our|ours|your|yours|their|theirs|his|her|hers|[\w-]+['’]s)\b|` +
  String.raw`(?:business|company|firm)\s+(?:in|of)\s+the\s+same\s+(?:line|field|industry|sector|trade)|similar\s+business(?:es)?|` +
  // A radius clause: "any other shop within 2 km", "any other family in the same neighbourhood".
  String.raw`(?:any\s+)?(?:other|similar|competing)\s+(?:[\w-]+\s+)?(?:${BUSINESS}|famil(?:y|ies)|clients?)\s+(?:within\s+\d|in\s+the\s+same\s+(?:area|neighbou?rhood|town|city|street|building|region)))`;
/**
 * A distance from the other side's premises: "within 5 miles of the Practice", "within a 3-mile radius", "within ten km". A
 * radius only restrains working or trading near them, so it marks a non-compete whoever the rival is ("any dental practice").
 */
const RADIUS = String.raw`\bwithin\s+(?:a\s+)?(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|fifty|half\s+a|a)` +
  // The figure repeated in brackets, as contracts write numbers: "within ten (10) kilometres".
  String.raw`(?:\s*\(\d+(?:[.,]\d+)?\))?\s?-?\s?(?:miles?|mi|km|kms|kilomet(?:re|er)s?)\b`;
/** Payment that is not made on time, in the ways contracts and people say it ("rent in arrears", "sums not paid within 14 days"). */
const LATENESS = String.raw`(?:overdue|late|unpaid|outstanding|past[\s-]due|missed|delayed|bounced|delinquent|(?:in\s+)?arrears|` +
  String.raw`not\s+(?:been\s+)?(?:paid|received)\s+(?:in\s+full\s+)?(?:on\s+time|when\s+(?:due|(?:it|they)\s+falls?\s+due)|` +
  String.raw`(?:by|on)\s+(?:the\s+|its\s+|their\s+)?(?:due\s+date|date\s+due|\d{1,2}(?:st|nd|rd|th)?)\b|within\s+\d+\s+(?:calendar\s+|business\s+)?days)|after\s+the\s+due\s+date)`;
/** Paying late in plain words: "if you're late paying", "if you pay late", "if the rent's overdue" (not a "late check-out"). */
const PAID_LATE = String.raw`(?:(?:late|behind)\s+(?:(?:with|in|on)\s+(?:the\s+|your\s+|a\s+)?)?(?:pay\w*|rent|instal\w*|invoices?|bills?)|pa(?:y|ys|id|ying)\s+(?:[\w-]+\s+){0,2}?late|` +
  String.raw`(?:payments?|rent|invoices?|instal\w*|fees?|bills?)(?:['’]s|\s+(?:is|are|was|were|gets?))?\s+(?:late|overdue)|unpaid|overdue|in\s+arrears)`;
const CURRENCY_CODE = String.raw`(?:USD|EUR|GBP|CAD|AUD|NZD|SGD|HKD|CHF|INR|ZAR|JPY|CNY|BRL|MXN|KES|NGN|SEK|NOK|DKK|PLN)`;
/**
 * The figure of a sum, its thousands split by commas or by (at most four) spaces as much of the world writes them: "2,500",
 * "184 000", "1 250 000.50".
 */
const AMOUNT = String.raw`\d[\d,]*(?:[ \u00a0\u202f]\d{3}(?!\d)){0,4}(?:\.\d+)?`;
/**
 * An amount of money: "$1,000.50", "USD 30", "25 dollars", and the marks written as letters before the figure: "R2 500"
 * (rand), "Rs 5,000", "KSh 800", "kr 300".
 */
const MONEY = String.raw`(?:(?:[$€£¥₹₦₱₩₪₺₽฿]|\b(?:${CURRENCY_CODE}|R|Rs\.?|Rp|KSh|kr)(?=\s?\d))\s?${AMOUNT}|` +
  String.raw`\b${AMOUNT}\s?(?:${CURRENCY_CODE}|dollars?|euros?|pounds?|rand|rupees?|yen|francs?|shillings?|naira|pesos?|reais|kronor|kroner)\b)`;
/** How much is taken: a sum ("£50") or a share of one ("10% of the job fee"), which is no interest rate ("0.05% per day"). */
const SUM_OR_SHARE = String.raw`(?:${MONEY}|\b\d+(?:[.,]\d+)?\s*(?:%|per\s?cent\b)\s*of\b)`;
/**
 * A period of lateness: a day or a week ("for each day", "per calendar week"), or minutes and hours with the lateness said
 * ("every 15 mins you're late", "each hour of delay"): "£80 per hour" for the work is no charge for being late.
 */
const DELAY_PERIOD = String.raw`(?:(?:(?:calendar|business|working)\s+)?(?:day|week)\b|(?:\d+\s*-?\s*|half\s+(?:an\s+)?|quarter\s+(?:of\s+an\s+)?)?` +
  String.raw`(?:min(?:ute)?s?|h(?:ou)?rs?)\b(?=[^.;]{0,40}?\b(?:late|lateness|delay\w*|overdue)\b))`;
/** Which date a thing is due by: "agreed", "scheduled", "due", "delivery" (a "wedding date" is no deadline). */
const WHICH_DATE = String.raw`(?:agreed|scheduled|due|set|planned|promised|contracted|target|delivery|completion|handover|launch|go-live|posting|publication|return)`;
/** Lateness said by the date it is past: "after its agreed date", "past the deadline", "beyond the scheduled delivery date". */
const PAST_THE_DATE = String.raw`(?:after|past|beyond)\s+(?:the|its|their|his|her|your|our)\s+(?:${WHICH_DATE}\s+(?:[\w-]+\s+)?(?:date|day|time)|(?:[\w-]+\s+)?deadline)`;
/** Being late, with the work or the money ("runs late", "is delayed", "unpaid"), not a "late check-out" or a "late shift". */
const LATE = String.raw`(?:late(?![\s-]+(?:check|night|opening|shift))|overdue|unpaid|behind|delay\w*)`;
/** Taking a sum from the one who is late, or making it pay: "deduct", "withhold", "retain", "pay", "charge", "take £50 off". */
const TAKEN = String.raw`(?:deduct\w*|withh[eo]ld\w*|retain\w*|pa(?:y|ys|id|ying|yable)|charg\w*|forfeit\w*|reduc\w*|owe[sd]?|owing|set\s+off|tak(?:e|es|ing)|knock\w*)`;
/**
 * A fine or penalty in Portuguese or Spanish: "multa", "penalidade", "penalidad", "penalización", and the civil codes' "pena
 * convencional" (a "pena" alone is also sorrow: "vale la pena").
 */
const FOREIGN_PENALTY = String.raw`(?:multas?|penalidades?|penalidad|penalizaci[oó]n(?:es)?|penas?\s+convencional(?:es)?)`;
/**
 * A sum or a share of the fee that grows with each period of lateness is liquidated damages in all but name, however it is
 * taken ("$50 for each day the rent remains unpaid", "a daily late fee of $20", "we deduct 10% of the fee for each day late",
 * "for every 15 mins you're late we take £50 off"); a rate in % is left to monthlyRate ("interest accrues daily at 12% a year").
 */
const PER_PERIOD_OF_DELAY = anyOf(
  String.raw`\b(?:min(?:ute)?s?|h(?:ou)?rs?|days?|weeks?)\s+of\s+(?:delay|lateness|late\s+payment)\b`,
  String.raw`${SUM_OR_SHARE}[^.%]{0,40}?\b(?:for\s+)?(?:each|every|per)\s+${DELAY_PERIOD}`,
  // "A day" and "daily" only right after the sum: "$50 is charged if payment is more than a day late" is one fee.
  String.raw`${MONEY}\s*(?:a\s+(?:day|week)|daily|weekly|per\s+diem)\b`,
  String.raw`\b(?:daily|weekly|per[\s-]diem)\s+(?:late\s+)?(?:fees?|charges?|surcharges?|fines?|penalt\w*)\b`,
  String.raw`\b(?:for\s+)?(?:each|every)\s+${DELAY_PERIOD}[^.%]{0,60}?${SUM_OR_SHARE}`,
  // The same in Portuguese and Spanish: "por dia de atraso", "por cada día de retraso", "multa diária".
  String.raw`\bpor\s+(?:cada\s+)?(?:d[ií]a|semana|hora)\s+(?:de\s+|en\s+)?(?:atraso|retraso|demora)\b|\b${FOREIGN_PENALTY}\s+(?:di[aá]ri[ao]|semanal)\b`,
  // In Japanese, a sum of yen a day: "1日につき1万円", "1日あたり5,000円" (a rate a day is left to monthlyRate).
  String.raw`[1１一]日(?:につき|あたり|当たり|ごとに|毎に)[^。%％]{0,20}?[0-9０-９][0-9０-９,，]*\s?万?円`,
);
/**
 * A penalty by its English name, unless the sentence says there is none: "prepay at any time without penalty", "no early
 * repayment penalty", "penalty-free" name the penalty only to rule it out.
 */
const NAMED_PENALTY = String.raw`(?<!\b(?:without|no|free\s+(?:of|from))\s+(?:any\s+)?(?:(?:early\s+)?(?:re)?payment\s+|prepayment\s+|early\s+termination\s+|cancellation\s+)?)` +
  String.raw`\bpenalt(?:y|ies)\b(?![\s-]+free\b)`;
/** Leaving or ending before the term is out: "before the end of the first three years", "prior to expiry", "early". */
const BEFORE_TERM_ENDS = String.raw`\b(?:before|prior\s+to)\s+(?:the\s+)?(?:end|expiry|expiration)\b|\b(?:early|earlier|prematurely)\b|` +
  // Before the term has run, said of its length: "before the 3 months are up", "before the twelve weeks are over".
  String.raw`\bbefore\s+${COUNTED_LENGTH}\s+(?:are|is|have|has)\s+(?:up|over|finished|ended|expired|run\s+out|passed)\b`;
/** What is left of the term: "for all the months remaining", "for every month left", "the balance of the term". */
const REST_OF_TERM = String.raw`\b(?:for|of|over|covering)\s+(?:(?:all|each|every)\s+)?(?:of\s+)?(?:the\s+)?(?:months?|years?|weeks?|period|time)\s+` +
  String.raw`(?:that\s+)?(?:remain\w*|left|unexpired)\b|` +
  // The same with the adjective first: "for the remaining weeks", "for all the unexpired months".
  String.raw`\b(?:for|of|over|covering)\s+(?:all\s+)?(?:of\s+)?(?:the|its|their)\s+(?:remaining|unexpired|outstanding)\s+(?:days|weeks|months|years)\b|\b(?:remainder|rest|balance|unexpired\s+part)\s+of\s+the\s+(?:[\w-]+\s+)?(?:term|lease|tenancy|contract|agreement|period)\b`;
/** A sum: rent, fees, instalments, compensation. */
const SUM_OWED = String.raw`(?:rent|fees?|charges?|instal\w*|payments?|sums?|amounts?|compensation)`;
/**
 * Leaving early costs what the rest of the term would have: a sum fixed in advance whatever the loss, so liquidated damages in all
 * but name ("if the Tenants vacate before the end of the third year, they pay the rent for all the months remaining", "the
 * remaining instalments become payable"), unless the sentence says nothing is owed then.
 */
const REST_OF_TERM_OWED = new RegExp(
  String.raw`^(?=[^]*?(?:${BEFORE_TERM_ENDS}))(?![^]*?\b(?:nothing|no\s+(?:further\s+)?${SUM_OWED})\b)[^]*?` +
    String.raw`(?:\b${SUM_OWED}\b[^.]{0,80}?(?:${REST_OF_TERM})|\b(?:remaining|unexpired)\s+(?:[\w-]+\s+)?${SUM_OWED}\b)`,
  'i',
);
/** The paying side ending or leaving the deal: "cancels", "terminates", "withdraws", "leaves", "vacates", "quits". */
const ENDED_BY_PAYER = String.raw`\b(?:cancel\w*|terminat\w*|withdraw\w*|leav(?:e|es|ing)|vacat\w*|quit\w*)\b`;
/** What is left of the price: "the remaining balance", "the outstanding balance of the tuition fee", "the rest of the fees". */
const BALANCE_OF_FEE = String.raw`\b(?:remaining|outstanding|unpaid)\s+balance\b|\b(?:balance|remainder|rest)\s+of\s+(?:the|its|their|his|her|your|our)\s+(?:[\w-]+\s+){0,2}?` +
  String.raw`(?:fees?|price|sum|amount|charges?|rent|instal\w*|payments?)\b`;
/** Owed from then on: "becomes immediately due and payable", "falls due at once", "shall be payable". */
const FALLS_DUE = String.raw`\b(?:becomes?|falls?|is|are|(?:shall|will)\s+(?:be|become|fall))\s+(?:immediately\s+|at\s+once\s+|forthwith\s+)?(?:due|payable|owed|owing)\b`;
/**
 * The rest of the price owed when the paying side cancels or leaves ("should the Customer cancel …, the outstanding balance of the
 * fee falls due at once"): a sum fixed in advance whatever the loss, like the rent of the rest of the term; not when the sentence
 * says it is not owed then.
 */
const BALANCE_OWED_ON_ENDING = new RegExp(
  String.raw`^(?=[^]*?${ENDED_BY_PAYER})(?![^]*?\b(?:not|no\s+longer|nothing|refunded|waived)\b)[^]*?(?:${BALANCE_OF_FEE})[^.]{0,60}?${FALLS_DUE}`,
  'i',
);
/** The whole price, as a share or by a word: "100% of the hire fee", "the full fee", "the entire contract price", "the total booking cost". */
const WHOLE_PRICE = String.raw`(?:\b100\s*%\s+of|\b(?:full|whole|entire|total))\s+(?:the\s+|its\s+|their\s+|his\s+|her\s+|your\s+|our\s+)?(?:[\w-]+\s+){0,2}?` +
  String.raw`(?:fees?|price|charges?|rent|sum|amount|cost|balance|value)\b`;
/** Still owed then: "is payable", "remains due", "shall be charged", "is retained". */
const OWED_THEN = String.raw`(?:is|are|remains?|becomes?|(?:shall|will)\s+(?:be|remain|become))\s+(?:still\s+|then\s+|immediately\s+)?` +
  String.raw`(?:payable|due|owed|owing|charged|retained|forfeited|kept)\b`;
/** The paying side cancelling, as the condition of what follows: "if you cancel", "should the Exhibitor withdraw", "in the event that the Client terminates". */
const IF_PAYER_CANCELS = String.raw`\b(?:if|should|where|when|once|in\s+the\s+event\s+(?:that\s+)?)\s+(?:[\w'’-]+\s+){0,4}?(?:cancel|terminat|withdraw)\w*\b`;
/**
 * The whole price charged when the paying side cancels ("if the Organiser cancels within 60 days, a cancellation fee of 100% of the
 * room hire is payable", "should the Exhibitor withdraw, the full stand price is charged"): the fees for all of the deal owed on
 * leaving it early, so liquidated damages, like the rent of the rest of the term; not a share of it ("40% of the balance"), nor what
 * is refunded, waived or not owed then.
 */
const WHOLE_PRICE_ON_CANCELLING = new RegExp(
  String.raw`^(?![^]*?\b(?:refund\w*|waived|not\s+(?:be\s+)?(?:payable|due|charged|owed))\b)[^]*?${IF_PAYER_CANCELS}[^.]{0,120}?` +
    String.raw`(?:\b(?:cancellation|termination|withdrawal)\s+(?:charges?|fees?)\s+(?:of|equal\s+to|amounting\s+to)\s+${WHOLE_PRICE}|` +
    String.raw`${WHOLE_PRICE}\s+(?:[\w-]+\s+){0,3}?(?:is|are|remains?|becomes?|(?:shall|will)\s+(?:be|remain|become))\s+(?:still\s+|then\s+|immediately\s+)?` +
    String.raw`(?:payable|due|owed|owing|charged|retained|forfeited|kept)\b)`,
  'i',
);
/** How late a cancellation comes: "less than 30 days before the event", "fewer than 21 days before", "within ten days of the party". */
const LATE_NOTICE = String.raw`\b(?:(?:less|fewer)\s+than|under|within)\s+(?:\d+|[a-z]+)\s+(?:(?:calendar|working|business|clear)\s+)?(?:days?|weeks?|months?|hours?)` +
  String.raw`(?:['’]\s*notice)?\s+(?:before|prior\s+to|ahead\s+of|of)\b`;
/**
 * The whole price owed for a cancellation that comes late, the cancelling named by the clause's heading or by a noun rather than
 * "if you cancel" ("Cancellation by the Hirer. Less than 30 days before the event, the full hire fee is payable", "the total course
 * fee is owed for any withdrawal made less than a week before"): liquidated damages, like the whole price on cancelling; not what
 * is refunded or not owed, nor the fees for work already done.
 */
const WHOLE_PRICE_ON_LATE_CANCELLATION = new RegExp(
  String.raw`^(?![^]*?\b(?:refund\w*|waived|not\s+(?:be\s+)?(?:payable|due|charged|owed)|work\s+(?:already\s+)?(?:done|performed|completed|carried\s+out)|` +
    String.raw`services\s+(?:already\s+)?(?:rendered|provided|performed))\b)(?=[^]*?\b(?:cancel|withdraw)\w*)[^]*?` +
    String.raw`(?:${LATE_NOTICE}[^.]{0,80}?${WHOLE_PRICE}\s+(?:[\w-]+\s+){0,3}?${OWED_THEN}|${WHOLE_PRICE}\s+(?:[\w-]+\s+){0,3}?${OWED_THEN}[^.]{0,80}?${LATE_NOTICE})`,
  'i',
);
/**
 * Everything one was paid, said by "all" and what it came as: "all the sponsorship money received", "all sums paid", "all of the
 * grant funds" (not all the equipment or documents, which are no price).
 */
const ALL_PAID = String.raw`\ball\s+(?:of\s+)?(?:the\s+|its\s+|their\s+|his\s+|her\s+|your\s+|our\s+)?(?:[\w-]+\s+){0,2}?` +
  String.raw`(?:money|monies|moneys|funds|sums|amounts|fees|payments|instal(?:l)?ments)\b`;
/**
 * The whole fee paid back with a sum on top ("you'll pay us back the full fee plus a £500 charge", "must repay the whole fee and a
 * further €200", "shall return all the sponsorship money received plus an additional sum of KES 100,000", or a share of it on top:
 * "plus 25% of that amount"): more than all one was paid, fixed in advance whatever the loss, so liquidated damages in all but name;
 * a refund of the fee alone is not.
 */
const WHOLE_FEE_BACK_AND_MORE = new RegExp(
  String.raw`\b(?:pa(?:y|ys|ying)\s+(?:[\w-]+\s+)?back|repa(?:y|ys|id|ying)|refund(?:s|ed|ing)?|return(?:s|ed|ing)?)\s+(?:[\w-]+\s+){0,2}?(?:${WHOLE_PRICE}|${ALL_PAID})` +
    String.raw`[^.]{0,40}?\b(?:plus|and|as\s+well\s+as|together\s+with|on\s+top\s+of)\s+(?:an?\s+|another\s+)?(?:(?:further|extra|additional)\s+)?` +
    String.raw`(?:${MONEY}|(?:charges?|fees?|sums?)\b|` +
    // Or a share of what was paid on top of it: "plus 25% of that amount", "together with 40 per cent of the fee" (not "plus 5% interest").
    String.raw`\d{1,3}(?:[.,]\d{1,2})?\s*(?:%|per\s?cent\b|percent\b)\s+of\b)|` +
    // In French: "remboursera l'intégralité de la rémunération perçue, majorée d'une somme forfaitaire de 500 €", "restituera la totalité
    // des honoraires, augmentée d'un montant de 300 €", "l'intégralité du cachet ainsi qu'une indemnité de 200 €".
    String.raw`(?<!${FR_LETTERS})(?:rembours|restitu|rend|revers)${FR_LETTERS}*\s+(?:${FR_WORD}\s+){0,2}?(?:l['’]\s?int[ée]gralit[ée]|la\s+totalit[ée]|l['’]\s?ensemble)\s+` +
    String.raw`(?:de\s+la\s+|du\s+|des\s+|de\s+l['’]\s?|d['’]\s?)(?:${FR_WORD}\s+){0,2}?(?:r[ée]mun[ée]ration|prix|honoraires|cachets?|sommes|montants?|acomptes?|frais|` +
    String.raw`redevances?|commissions?|avances?)${FR_END}[^.]{0,60}?(?<!${FR_LETTERS})(?:major[ée]e?s?|augment[ée]e?s?|plus|ainsi\s+qu['’]\s?|outre|assortie?s?|en\s+sus)\s*` +
    String.raw`(?:de\s+|d['’]\s?)?(?:une?\s+|la\s+|le\s+)?(?:somme|montant|indemnit[ée]|p[ée]nalit[ée]|forfait|\d)`,
  'i',
);
/** Leaving before the end of the term in Spanish or Portuguese: "antes del vencimiento", "antes de la finalización", "antes do término". */
const ES_BEFORE_TERM_ENDS = String.raw`\bantes\s+(?:de\s+(?:la|su)\s+|del\s+|d[oa]\s+(?:seu\s+)?)(?:finalizaci[oó]n|terminaci[oó]n|vencimiento|vencimento|t[eé]rmino|fin|fim|final|` +
  String.raw`expiraci[oó]n|conclusi[oó]n|encerramento)(?!${ES_LETTERS})|\bantes\s+de\s+(?:tiempo|plazo|prazo)(?!${ES_LETTERS})|\banticipad|\bantecipad`;
/** What is left of the term in Spanish or Portuguese: "los meses que resten", "que falten", "meses restantes", "el resto del plazo". */
const ES_REST_OF_TERM = String.raw`\b(?:meses|mensualidades|a[nñ]os|periodos?|per[ií]odos?|tiempo|plazo|prazo|alugu[eé]is|alugueres|rentas|parcelas|cuotas)\s+` +
  String.raw`(?:que\s+(?:rest|qued|falt)(?:e|en|a|an|ara|aran|arem)|restantes|pendientes|vincendo?s|que\s+faltarem)(?!${ES_LETTERS})|\bresto\s+d(?:el|o)\s+(?:plazo|prazo|contrato|periodo|per[ií]odo|tiempo|tempo)\b`;
/** A sum in Spanish or Portuguese: rent, fees, instalments, an amount. */
const ES_SUM_OWED = String.raw`\b(?:rentas?|alquiler(?:es)?|cuotas?|mensualidades|honorarios|importes?|cantidad(?:es)?|sumas?|alugu[eé]is|alugueres|aluguel|` +
  String.raw`presta[cç](?:ões|oes)|parcelas|valor(?:es)?)(?!${ES_LETTERS})`;
/** The same in Spanish and Portuguese, unless the sentence says it is not owed ("no deberá pagar", "não terá de pagar"). */
const ES_REST_OF_TERM_OWED = new RegExp(
  String.raw`^(?=[^]*?(?:${ES_BEFORE_TERM_ENDS}))(?![^]*?\b(?:no|n[aã]o)\s+(?:deber|tendr|pagar|dever|ter[aá]|estar)${ES_LETTERS}*)[^]*?${ES_SUM_OWED}[^.]{0,80}?(?:${ES_REST_OF_TERM})`,
  'i',
);
/** Leaving before the end of the term in French: "avant le terme du bail", "avant la fin de la période triennale", "départ anticipé". */
const FR_BEFORE_TERM_ENDS = String.raw`\bavant\s+(?:la\s+fin|le\s+terme|l['’]\s?(?:expiration|[ée]ch[ée]ance))${FR_END}|(?<!${FR_LETTERS})(?:d[ée]part|r[ée]siliation|sortie)\s+anticip[ée]e?${FR_END}`;
/** A sum in French: rent, fees, instalments, an amount. */
const FR_SUM_OWED = String.raw`(?<!${FR_LETTERS})(?:loyers?|redevances?|mensualit[ée]s|[ée]ch[ée]ances|honoraires|sommes|cotisations|termes)${FR_END}`;
/** What is left of the term in French: "restant à courir", "restant à échoir", "jusqu'à la fin du bail", "jusqu'au terme". */
const FR_REST_OF_TERM = String.raw`\brestant\s+(?:[àa]\s+(?:courir|[ée]choir)|dus?)${FR_END}|(?<!${FR_LETTERS})[àa]\s+[ée]choir${FR_END}|` +
  String.raw`\bjusqu['’]\s?(?:[àa]\s+(?:la\s+fin|l['’]\s?(?:expiration|[ée]ch[ée]ance))|au\s+terme)${FR_END}`;
/**
 * The same in French: "en cas de départ du Preneur avant la fin de la période triennale, les loyers restant à courir resteront dus",
 * unless the sentence says none is owed ("aucun loyer … ne sera dû").
 */
const FR_REST_OF_TERM_OWED = new RegExp(
  String.raw`^(?=[^]*?(?:${FR_BEFORE_TERM_ENDS}))(?![^]*?(?:\baucune?\s+(?:${FR_WORD}\s+)?(?:loyers?|redevances?|sommes?|mensualit)|\bne\s+(?:${FR_WORD}\s+){0,2}?pas\b))[^]*?` +
    String.raw`${FR_SUM_OWED}[^.]{0,80}?(?:${FR_REST_OF_TERM})`,
  'i',
);
/** A penalty by its German name: "Vertragsstrafe", "Konventionalstrafe", "pauschalierter Schadensersatz" (liquidated damages). */
const DE_PENALTY = String.raw`\b(?:vertragsstraf|konventionalstraf)\w*|\bpauschaliert\w*\s+schadens\w*`;
/** A penalty by name, in English, Portuguese, Spanish or German: high whatever its sum. */
const PENALTY = anyOf(
  String.raw`\bliquidated\s+damages\b|${NAMED_PENALTY}`,
  String.raw`\b${FOREIGN_PENALTY}\b|\bcl[aá]usula\s+penal\b`,
  DE_PENALTY,
  NL_PENALTY,
  IT_PENALTY,
  FR_PENALTY,
  JA_PENALTY,
);
/** A duration with no end: "in perpetuity", "for all time", "with no end date" ("permanently" is left out: "permanently destroyed" is no duration). */
const ENDLESS = String.raw`perpetu\w*|indefinite(?:ly)?|forever|for\s+all\s+time|at\s+all\s+times\s+(?:thereafter|afterwards?)|for\s+the\s+rest\s+of\s+(?:\w+\s+)?li(?:fe|ves)|` +
  String.raw`unlimited\s+(?:period|time|duration)|(?:thereafter|afterwards?)\s+without\s+(?:any\s+)?limit|without\s+(?:any\s+)?(?:time\s+limit|limit(?:ation)?\s+(?:in|of)\s+time|end(?:\s+date)?|expiry|expiration)|no\s+(?:time\s+limit|end\s+date|expiry|expiration)|` +
  String.raw`(?:shall|will|do|does)\s+(?:not|never)\s+(?:expire|end|lapse)|never\s+(?:expires?|ends?|lapses?)|${DE_ENDLESS}`;
/** Secrecy in plain words: "stays between us", "keep it to yourself", "don't share our prices". */
const KEPT_SECRET = String.raw`(?:(?:stays?|staying|kept|keep\w*|remains?)\s+(?:[\w'’-]+\s+){0,4}?(?:strictly\s+|completely\s+)?(?:between\s+(?:us|ourselves|the\s+two\s+of\s+us|you\s+and\s+(?:us|me))|` +
  String.raw`private|secret|confidential|to\s+yourself|under\s+wraps|in\s+confidence)|(?:not|never|don['’]t|won['’]t|can['’]t|cannot|mustn['’]t)\s+(?:[\w-]+\s+){0,3}?` +
  String.raw`(?:tell|share|show|pass\s+on|leak|reveal|disclose|discuss|talk\s+about))\b`;
/** Outliving the relationship with no end given: "even if we stop working together", "even after you leave". */
const EVEN_AFTER_END = String.raw`\beven\s+(?:if|when|after|once|though)\s+(?:[\w'’-]+\s+){0,3}?(?:stop\w*|end(?:s|ed)?|finish\w*|part|leaves?|left|split|over|` +
  String.raw`no\s+longer|terminat\w*|expir\w*|ceas\w*|quit\w*)\b`;
/** A fixed period ("for two years") bounds a duty that outlives the relationship. */
const FIXED_PERIOD = String.raw`\bfor\s+(?:up\s+to\s+)?(?:a\s+period\s+of\s+)?(?:\d+|one|two|three|four|five|six|seven|ten|twelve|eighteen|twenty-four)\s+\(?\d*\)?\s*(?:years?|months?)\b`;
/** "At any time thereafter", "at any point after": a duty said to run so has no end. */
const ANY_TIME_AFTER = String.raw`at\s+any\s+(?:time|point)\s+(?:there)?after(?:wards?)?\b`;
/** A refusal, in legalese or plain English: "shall not", "agrees not to", "won't", "don't", "mustn't", "is prohibited from". */
const REFUSAL = String.raw`(?:\bnot|\bnever|\b(?:won|can|don|doesn|mustn|shan)['’]t|\bcannot|\b(?:prohibited|barred|precluded|restrained|refrain)\s+from)`;
/**
 * Words between the refusal and the dealing ("not, directly or indirectly,", "not be allowed to"), never a determiner: in
 * "shall not subcontract the work to" the "work" after "the" is a thing, not working with someone.
 */
const REFUSAL_GAP = String.raw`(?:(?!(?:the|an?|its|their|his|her|your|our|my|any|all|this|that|these|those|such)\b)[\w,'’-]+\s+){0,4}?`;
/**
 * After "other": a use or a place, not a party ("any other purpose", "for no other use", "another country"). A permitted-use
 * clause ("to be used only as a café and for no other purpose") says what a thing is for, not whom to deal with.
 */
const NOT_A_PARTY = String.raw`(?!\s+(?:[\w-]+\s+)?(?:purposes?|uses?|activit(?:y|ies)|ways?|manner|reasons?|times?|places?|matters?|provisions?|clauses?|terms?|obligations?|` +
  String.raw`information|data|documents?|materials?|rights?|laws?|countr(?:y|ies)|territor(?:y|ies)|jurisdictions?|currenc(?:y|ies)|languages?|formats?|media|medium|means|methods?)\b)`;
/**
 * Anyone but the other side: "any other dairy company", "another agency", "anyone else". Not a use or a place (NOT_A_PARTY),
 * nor "any other salon within 3 km" (a radius: the non-compete's).
 */
const OTHER_PARTY = String.raw`(?:(?:any|an|some)\s+other|another|(?:any|some)\s?(?:one|body)\s+(?:else|other\s+than))\b` +
  String.raw`(?![^.]{0,40}?\b(?:within\s+\d|in\s+the\s+same\s+(?:area|neighbou?rhood|town|city|street|building|region)))${NOT_A_PARTY}`;
/** Working for someone: "work with", "provide design services to". */
const SERVE_VERB = String.raw`(?:work(?:s|ed|ing)?|provid\w*\s+(?:[\w-]+\s+){0,2}?services?)`;
/** Dealings that are given to one party only: working with, buying from, selling, supplying or licensing to, endorsing. */
const TRADE_VERB = String.raw`(?:partner(?:s|ed|ing)?|contract(?:s|ed|ing)?|deal(?:s|ing)?|trad(?:e|es|ed|ing)|collaborat\w*|team(?:s|ed|ing)?\s+up|` +
  String.raw`sign(?:s|ed|ing)?(?:\s+up)?|buy(?:s|ing)?|bought|purchas\w*|sell(?:s|ing)?|sold|suppl(?:y|ies|ied|ying)|licen[cs]\w*|distribut\w*|` +
  String.raw`endors\w*|promot\w*|advertis\w*|represent\w*|sponsor\w*)`;
const DEAL_VERB = String.raw`(?:${SERVE_VERB}|${TRADE_VERB})`;
/** Refusing a dealing with anyone else: "won't sell to any other buyer", "may not work with anyone else" (not selling one's data). */
const withNoOneElse = (verb: string): string =>
  String.raw`${REFUSAL},?\s+${REFUSAL_GAP}${verb}\b(?![^.]{0,40}?\b(?:data|information|details)\b)[^.]{0,60}?\b(?:with|to|from|for|through|via|by)\s+${OTHER_PARTY}`;
/** The kind of deal one may be barred from making with anyone else. */
const DEAL_KIND = String.raw`(?:sponsor\w*|partnerships?|endorsements?|suppl(?:y|ies)|distribution|agency|licen[cs]\w*|representation|ambassador\w*|collaborations?|` +
  String.raw`co-?branding|advertising|promotions?|deals?|(?:commercial|business|brand|exclusive)\s+(?:agreements?|arrangements?|relationships?|contracts?))`;
/** A court's power or place, which "exclusive" qualifies in a forum clause: "the exclusive jurisdiction of the courts". */
const FORUM = String.raw`(?:jurisdiction|venue|forum|competence|courts?)`;
/** Whose deal: a party named by its role in a grant ("the licence", "the appointment is exclusive"). */
const GRANT = String.raw`(?:licen[cs]es?|rights?|appointments?|agency|engagement|distributorship|representation|sponsorship|partnership|endorsement|arrangement|relationship)`;
/** For as long as the information stays secret: "as long as it remains", "while they remain", "until it ceases to be". */
const TRADE_SECRET_LIFE = String.raw`(?:(?:as|so)\s+long\s+as|(?:while|whilst)\s+(?:it|they|such\s+[\w-]+|the\s+[\w-]+)\s+(?:remains?|stays?|continues?\s+to\s+be|is|are|qualif\w*)|` +
  String.raw`until\s+(?:it|they|such\s+[\w-]+|the\s+[\w-]+)\s+(?:ceases?\s+to\s+(?:be|qualify)|(?:is|are)\s+no\s+longer|no\s+longer\s+(?:is|are|qualif\w*)))\b`;
/**
 * Secrecy of trade secrets for as long as they are secret, in either order: "trade secrets … for as long as they remain
 * secret", "confidential for so long as they remain trade secrets". Bounded either side, so a heading may come first.
 */
const SECRET_WHILE_SECRET = anyOf(
  String.raw`\btrade\s+secrets?\b[^]{0,200}?\b${TRADE_SECRET_LIFE}`,
  String.raw`\b${TRADE_SECRET_LIFE}[^.]{0,100}?\btrade\s+secrets?\b`,
  // In Japanese: "営業秘密については、それが営業秘密に該当する限り".
  String.raw`営業秘密[^]{0,200}?(?:に該当する|である|として(?:管理|保護)され(?:る|ている))(?:限り|間)`,
);
/**
 * What is made that is only ever a creation, never goods or a fixture: "artwork", "sketches", "source code", "deliverables"
 * ("materials" and "work" may be bricks or a task).
 */
const ARTWORKS = String.raw`(?:artwork|sketch(?:es)?|concepts?|drawings?|illustrations?|designs?|logos?|characters?|photos?|photographs?|pictures?|images?|` +
  String.raw`videos?|footage|songs?|music|lyrics|scripts?|manuscripts?|recipes?|content|ideas?|creations?|code|software|inventions?|copyrights?|` +
  String.raw`intellectual\s+property|deliverables|work\s+product|recordings?|masters|stems|` +
  // Music tracks, not a railway's or a crane's.
  String.raw`(?<!\b(?:rail(?:way)?|train|tram|crane|race|running|dirt)\s)tracks?)`;
/**
 * All of the works, named in a list before anything else: "all designs, characters, illustrations and other works of authorship",
 * "all photographs" (not "all design tasks" or "all design work", which are jobs handed out).
 */
const ALL_THE_WORKS = String.raw`(?:all|any|each|every)\s+(?:(?:of\s+)?(?:the|its|his|her|their|such)\s+)?(?:[\w-]+\s+){0,2}?(?:${ARTWORKS}|works\s+of\s+authorship)\b` +
  String.raw`(?!\s+(?:tasks?|jobs?|duties|work|briefs?|requests?|tickets?|reviews?|shifts?|projects?|assignments?|roles?)\b)`;
/** Which of the works: "the tracks", "all designs", "those recordings". */
const THESE = String.raw`(?:the|those|these|all|any|each|every)`;
/** What people make for a client, named in plain words. */
const CREATIONS = String.raw`${ARTWORKS}|work|writing|articles?|anything|everything`;
/** Work beyond the contract's own: made before it, on one's own time or on side projects. */
const BEYOND_WORK = anyOf(
  String.raw`\bprior\b|\bpre-existing\b|\bbefore\s+the\s+effective\s+date\b`,
  String.raw`\boutside\s+(?:of\s+)?(?:working|business|normal)\s+hours\b|\b(?:own|personal|free|spare)\s+time\b|\bwhether\s+or\s+not\b`,
  String.raw`\b(?:made|created|written|developed|drawn|designed|conceived|composed|produced|recorded|owned|held|had)\s+before\b|\bbefore\s+(?:the|this)\s+(?:project|engagement|contract|agreement|employment)\b`,
  // Made before, said in the simple past of the maker: "stuff you drew before joining", "songs she wrote before the tour".
  String.raw`\b(?:you|he|she|they|i|we)\s+(?:drew|wrote|painted|composed|designed|created|developed|invented|shot|took)\s+(?:[\w-]+\s+){0,2}?before\b`,
  // The maker's existing work: "any of your existing designs", "the Artist's existing sketches" (not "existing customers").
  String.raw`\bside\s+projects?\b|\balready\s+(?:owned|existing|had)\b|\b(?:your|his|her|their|my|[\w-]+['’]s)\s+(?:own\s+)?existing\s+(?:[\w-]+\s+)?(?:${ARTWORKS}|works?|materials)\b`,
  // Dated before the deal: "created prior to the date of this Agreement", "made before the start of the engagement".
  String.raw`\b(?:before|prior\s+to)\s+the\s+(?:date|start|commencement|signing)\s+of\s+(?:this|the)\s+(?:agreement|contract|engagement|employment|project)\b`,
  // Earlier work in other words: "whether before or during the Term", "whether during it or before", "any earlier character
  // designs" (not "whichever is earlier").
  String.raw`\bwhether\s+(?:[\w-]+\s+){0,4}?before\b|\bbefore\s+(?:or|and)\s+(?:during|after|throughout)\b|\b(?:earlier|previous)\s+(?:[\w-]+\s+){0,2}?(?:${ARTWORKS}|works?|materials|projects?)\b`,
  // In Spanish: "obras preexistentes", "creadas con anterioridad", "fuera del horario de trabajo", "en su tiempo libre".
  String.raw`\bpre-?existentes?\b|\b(?:cread|realizad|desarrollad|elaborad|producid|hech)[oa]s?\s+(?:con\s+anterioridad|antes)\b|\bfuera\s+del?\s+horario\b|\btiempo\s+libre\b`,
  // In German: "vorbestehende Werke", "bereits bestehende", "vor Vertragsbeginn", "in der Freizeit".
  String.raw`\bvorbestehend\w*|\bbereits\s+(?:bestehend|vorhanden)\w*|\bvor\s+(?:vertrags)?(?:beginn|abschluss)\b|\bfreizeit\b|` +
    // Off working hours: "außerhalb der Arbeitszeit", "außerhalb seiner Dienstzeit".
    String.raw`\bau(?:ß|ss)erhalb\s+(?:der|seiner|ihrer)\s+(?:regul[aä]ren\s+|vereinbarten\s+)?(?:arbeits|dienst)zeit\w*`,
  // In French: "œuvres antérieures", "préexistantes", "réalisés avant la signature", "en dehors des heures de travail", "temps libre".
  String.raw`(?<!${FR_LETTERS})(?:ant[ée]rieur|pr[ée]existant)(?:e|s|es)?${FR_END}|\bavant\s+la\s+(?:signature|date|prise\s+d['’]effet|conclusion)\b|` +
    String.raw`\ben\s+dehors\s+(?:de\s+(?:ses|son|leurs?)|des)\s+(?:heures|horaires|temps)\s+de\s+travail\b|\btemps\s+libre\b`,
  JA_BEYOND_WORK,
);
/** Making it: "you come up with", "you write", "made for us" (not "build", which is also a tenant's fixture). */
const CREATE = String.raw`(?:make|makes|made|creat(?:e|es|ed|ing)|c[ao]me\s+up\s+with|develop\w*|design\w*|write|writes|wrote|written|` +
  String.raw`produc(?:e|es|ed|ing)|invent\w*|devis(?:e|es|ed)|bak(?:e|es|ed|ing)|draw|draws|drew|drawn|compos(?:e|es|ed)|record\w*|cook\w*)`;
/** Theirs, not the maker's: "belongs to us", "is ours", "becomes the Café's property". */
const OURS = String.raw`(?:(?:belongs?|will\s+belong)\s+(?:exclusively\s+|solely\s+|entirely\s+|wholly\s+)?to\s+(?!you\b|yourself\b|the\s+(?:creator|author|maker)\b)|` +
  String.raw`(?:is|are|will\s+be|becomes?|become)\s+(?:all\s+|entirely\s+)?(?:ours\b|(?:our|the\s+\w+['’]s)\s+(?:sole\s+|exclusive\s+)?property\b))`;
/**
 * Made or thought up: "conceived or made by the Employee", "developed", "authored", "reduced to practice". With the maker's
 * verb, "works … shall be the property of" is a creation handed over, not goods or fixtures changing hands.
 */
const CONCEIVE = String.raw`(?:conceiv|creat|develop|author|invent|design|produc|generat|discover|devis|originat|prepar|compil|compos|draft|translat|record)\w*|` +
  String.raw`ma(?:de|kes?|king)|wr(?:ote|itten|ites?|iting)|reduced\s+to\s+practice`;
/**
 * What is made, named as a thing that can be owned: a work, an invention, a translation, a recipe, a glossary, teaching
 * materials (goods, fixtures and alterations change hands as property, not as creations).
 */
const WORKS = String.raw`(?:inventions?|discoveries|works?|creations?|innovations?|work\s+product|deliverables|developments?|copyrights?|intellectual\s+property|` +
  String.raw`${CREATIONS}|translations?|materials?|documents?|documentation|reports?|formula(?:e|s)?|blends?|processes|methods|techniques|know-how|` +
  String.raw`databases?|glossar(?:y|ies)|memories|terminolog(?:y|ies)|manuscripts?|texts?|plans?|sketches|prototypes?|templates?|worksheets?|menus?|` +
  String.raw`strains?|courses?|curricul(?:um|a)|lessons?|scripts?|specifications?)`;
/**
 * Ownership passing to someone by any verb of it: "shall become the exclusive property of", "is the sole property of",
 * "shall belong to", "will be owned by", "vests in" ("remains the property of" keeps it where it was).
 */
const PROPERTY_OF = String.raw`(?:the\s+)?(?:(?:sole\s+and\s+exclusive|sole|exclusive|absolute|entire)\s+)?property\s+of`;
/** Conveyed to someone: "is hereby irrevocably assigned to", "shall be transferred to"; `hereby` says whether it must say so. */
const assignedTo = (hereby: string): string =>
  String.raw`(?:(?:shall|will)\s+be|is|are)\s+${hereby}(?:irrevocably\s+|absolutely\s+)?(?:assigned|transferred)\s+(?:(?:absolutely|outright)\s+)?to`;
const PASSES_TO = String.raw`(?:(?:(?:shall|will)\s+(?:be(?:\s+and\s+remain)?|become)|is|are|becomes?)\s+${PROPERTY_OF}|` +
  String.raw`(?:(?:shall|will)\s+)?(?:belong|vest)s?\s+(?:(?:exclusively|solely|entirely|wholly|absolutely|automatically)\s+)?(?:to|in)|` +
  String.raw`(?:(?:shall|will)\s+be|is|are|becomes?)\s+(?:(?:exclusively|solely|wholly)\s+)?owned\s+by|${assignedTo(String.raw`(?:hereby\s+)?`)})`;
/** A party's name of up to three words, before its possessive: "the Brand's", "Redfern Hill Press's". */
const NAME_OF_UP_TO_THREE_WORDS = String.raw`(?:[\w-]+\s+){0,2}?[\w-]+`;
/**
 * Ownership changing hands, not held where it is ("the app is the property of Fintrek"): a creation that "becomes the sole
 * property of" someone (or "the Brand's property") or "vests in" them, or any work "hereby assigned to" them (a task
 * "assigned to the Cleaner" is given out, not conveyed).
 */
const CHANGES_HANDS = String.raw`${ARTWORKS}\b[^.]{0,200}?\b(?:(?:(?:shall|will)\s+become|becomes?)(?:\s+${PROPERTY_OF}|(?=\s+(?:the\s+)?${NAME_OF_UP_TO_THREE_WORDS}['’]s\s+(?:sole\s+|exclusive\s+)?property\b))|` +
  String.raw`(?:(?:shall|will)\s+)?vests?\s+(?:(?:absolutely|automatically|wholly)\s+)?in)|${WORKS}\b[^.]{0,200}?\b${assignedTo(String.raw`hereby\s+`)}`;
/**
 * The owner is not the one the sentence says made it: "made by the Translator … belong to the Translator" keeps it with its
 * maker, whatever the maker is called (not "by the Company's staff … to the Company"). Used once: it names a group.
 */
const NOT_THE_MAKER = String.raw`(?=(?:the\s+)?(?<owner>[\w-]+))(?<!\bby\s+(?:the\s+)?\k<owner>\b(?!['’]s)[^.]{0,300}?)`;
/** Whoever made it keeps it: "the property of the Consultant" is no assignment. */
const MAKER = String.raw`(?:you|yourself|me|i|the\s+(?:employee|consultant|contractor|freelancer|author|creator|developer|designer|artist|photographer|licensor|maker|` +
  String.raw`writer|inventor|composer|musician|songwriter|illustrator))\b`;
/** Law that is no choice of a country's law: "subject to applicable law", "mandatory law applies", "data protection law". */
const GENERIC_LAW = String.raw`(?:applicable|relevant|local|any|all|mandatory|statutory|existing|current|such|this|that|these|those|federal|state|national|` +
  String.raw`international|european|eu|data|protection|privacy|employment|labou?r|tax|consumer|competition|common|case|civil|criminal|company|corporate|` +
  String.raw`contract|other|further|prevailing|governing|the|its|their|our|your|no|public|domestic|foreign|copyright|intellectual|property|trade|sanctions?|export)`;
/**
 * A named law: "the laws of New South Wales", "Scottish law", "New South Wales law" (each word checked, so "under review by
 * the law firm" or "under applicable law" names none).
 */
const NAMED_LAW = String.raw`(?:the\s+)?(?:laws?\s+(?:of|in)\s+(?:the\s+)?(?!(?:any|all|every|each|your|their|its|our|his|her|my|another|other|such|that|those|these|whichever|applicable|relevant|this|where|force)\b)[\w-]+|` +
  String.raw`(?:(?!${GENERIC_LAW}\b)[\w-]+\s+){1,3}laws?\b)`;
/** Words that make "… law" a phrase of obeying it, not its name: "as required by law", "under law", "comply with law". */
const NOT_A_LAW_NAME = String.raw`(?:by|under|with|to|as|of|in|per|at|for|and|or|on|is|are|be|been|permitted|required|allowed|provided|comply|complies|compliance|breach\w*|violat\w*|within)`;
/** "Venue is …" with no article: the legal venue, not "the venue" of an event. */
const LEGAL_VENUE = String.raw`(?<!\b(?:the|a|an|our|your|this|that|its|their|his|her|my|event|wedding|party|concert|conference)\s)\bvenue\s+(?:shall\s+be|will\s+be|is|lies)\b`;
/** What a duty of secrecy forbids. */
const DISCLOSE = String.raw`(?:disclos|divulg|reveal|communicat|publish|shar|leak|mak\w*\s+(?:public|available))\w*`;
/** Interest or fees per month/week/day, as a monthly rate; per year divided by 12. */
function monthlyRate(sentence: string): number {
  // However the rate is written: "3% per month", "three per cent (3%) per month", "2 percent monthly", "24% p.a.", and in Spanish
  // or Portuguese: "3% mensual", "1% al mes", "2% ao mês", "36% anual", and in French: "1 % par mois".
  const match =
    /(\d+(?:[.,]\d+)?)\s*(?:%|per\s?cent\b)\)?\s*(?:(?:for\s+)?(?:per|a|each|every)\s*(?:calendar\s+)?(day|week|month|annum|year)|(daily|weekly|monthly|annually|yearly|p\.\s?a\b|p\.\s?m\b)|(?:al|por|ao)\s+(d[ií]a|semana|m[eê]s|a[ñn]o)(?![a-z])|(diari[oa]s?|semanal(?:es)?|mensual(?:es)?|mensa(?:l|is)|anual(?:es)?|anuais|mensuel(?:le)?s?|annuel(?:le)?s?|mensil[ei]|annu[oaie]|annual[ei]|settimanal[ei]|giornalier[oaie])(?![a-z])|(?:per|pro)\s+(dag|week|maand|jaar|tag|woche|monat|jahr)(?![a-zäöü])|par\s+(jour|semaine|mois|an|ann[ée]e)(?![a-zé])|(?:alla|al|all['’])\s*(giorno|settimana|mese|anno)(?![a-z])|(monatlich|j[aä]hrlich|w[oö]chentlich|t[aä]glich|maandelijks|jaarlijks|wekelijks|dagelijks)(?![a-zäöü]))/i.exec(
      sentence,
    );
  if (!match) return japaneseMonthlyRate(sentence);
  const rate = Number((match[1] ?? '0').replace(',', '.'));
  const perMonth: Record<string, number> = { day: 30, daily: 30, week: 4.3, weekly: 4.3, month: 1, monthly: 1, 'p.m': 1 };
  // Spanish, Portuguese and Italian units by their first letters: día, diario, giornaliero (a day); semana, semanal, settimanale (a
  // week); mes, mensual, mensile (a month); anything else (anual, annuo) a year.
  const foreign = (match[4] ?? match[5] ?? '').toLowerCase();
  // Dutch, French and Italian units by name: per dag, per week, per maand, per jaar; par jour, par semaine, par mois, par an; al giorno,
  // alla settimana, al mese, all'anno.
  // German and Dutch units by name or by their adverb: pro Tag, pro Monat, monatlich, täglich; maandelijks, dagelijks.
  const dutch = (
    {
      dag: 'day',
      week: 'week',
      maand: 'month',
      jour: 'day',
      semaine: 'week',
      mois: 'month',
      giorno: 'day',
      settimana: 'week',
      mese: 'month',
      tag: 'day',
      woche: 'week',
      monat: 'month',
      monatlich: 'month',
      wöchentlich: 'week',
      wochentlich: 'week',
      täglich: 'day',
      taglich: 'day',
      maandelijks: 'month',
      wekelijks: 'week',
      dagelijks: 'day',
    } as Record<string, string>
  )[(match[6] ?? match[7] ?? match[8] ?? match[9] ?? '').toLowerCase()];
  const unit =
    dutch ?? (foreign ? ({ d: 'day', g: 'day', s: 'week', m: 'month' } as Record<string, string>)[foreign[0] ?? ''] ?? 'year' : (match[2] ?? match[3] ?? '').toLowerCase().replace(/\s/g, ''));
  return rate * (perMonth[unit] ?? 1 / 12);
}
/** A Japanese rate, its period before the figure: "年14.6％", "年率24%", "月3％", "1日あたり0.1％". */
const JA_RATE = /(年|月|日)(?:率|利|あたり|当たり|につき)?\s*(\d+(?:\.\d+)?)\s*(?:%|パーセント)/;
/** Months in a Japanese rate's period: a year is twelve, a day a thirtieth. */
const JA_RATE_PER_MONTH: Record<string, number> = { 年: 1 / 12, 月: 1, 日: 30 };
/** A Japanese rate as a monthly one, its full-width figures ("年１４．６％") read as ASCII. */
function japaneseMonthlyRate(sentence: string): number {
  const ascii = sentence.replace(/[０-９．％]/g, (character) => String.fromCharCode(character.charCodeAt(0) - 0xfee0));
  const match = JA_RATE.exec(ascii);
  return match ? Number(match[2] ?? '0') * (JA_RATE_PER_MONTH[match[1] ?? ''] ?? 0) : 0;
}
/**
 * A document the other side must follow, which is part of the deal however it is named: an operations manual, a staff handbook,
 * brand guidelines, standards, a code of conduct (not a manual mode, gearbox or setting).
 */
const BINDING_DOCUMENT = String.raw`(?:manuals?(?!\s+(?:mode|settings?|controls?|override|gear\w*|transmission|labou?r|handling|focus)\b)|handbooks?|guidelines|` +
  String.raw`standards|codes?\s+of\s+(?:conduct|practice)|procedures|playbooks?|rulebooks?)`;
/** An agreement or terms by their acronym: "the MSA", "our EULA", "the SLA", "the T&Cs". */
const AGREEMENT_ACRONYM = String.raw`(?:msa|eula|sla|dpa|sow|tos|t&cs?|aup|gtcs?|agb)`;
/**
 * House rules by their other names, a place's or a body's own: "the Plaza rules and regulations", "the marina regulations", "the
 * Society's by-laws"; not the law's ("applicable laws and regulations", "building regulations", "any new regulations").
 */
const HOUSE_REGULATIONS = String.raw`(?<!\b(?:laws?|statutes?|statutory|applicable|government(?:al)?|legal|public|federal|state|local|national|official|eu|` +
  String.raw`international|building|planning|zoning|fire|health|safety|environmental|privacy|tax|export|import|customs|traffic|industry|new|future|` +
  String.raw`relevant|any|such)\s+(?:and\s+|or\s+|&\s+)?)(?:regulations|by-?laws|bye-?laws)`;
/** What one side may change: the agreement, its terms and rules, a price, fee or rate, a schedule, a document the other side follows. */
const AMENDABLE = String.raw`(?:agreement|addendum|contract|lease|terms|conditions|rules|${HOUSE_REGULATIONS}|polic(?:y|ies)|pric(?:e|es|ing)|fees|charges|rates?|` +
  String.raw`tariffs?|discounts?|rent|schedules?|timetables?|instal(?:l)?ments?|repayments?|commissions?|royalt(?:y|ies)|splits?|margins?|mark-?ups?|` +
  String.raw`${BINDING_DOCUMENT}|${AGREEMENT_ACRONYM})`;
/**
 * Refusing, with the words up to the act: "shall not, directly or indirectly,", "agrees not to", "neither party will", "don't". The
 * period may be set off between commas before them, however long ("shall not, during the engagement and for eighteen (18) months
 * after it ends, directly or indirectly solicit"), and its figure repeated in brackets, as contracts write numbers.
 */
const WOULD_NOT = String.raw`(?:${REFUSAL}|\bneither)\b(?:,[^,.;]{1,150}(?=,)){0,4},?\s+(?:to\s+)?(?:[\w,'’()]+\s+){0,12}?`;
/** Going after someone else's people: "solicit", "poach", "entice away", "go after", "win over". */
const POACH = String.raw`(?:solicit|poach|recruit|entice|induce|encourage|(?<!\b(?:for|on|of)\s)hire|employ|approach|lure|steal|canvass|tak(?:e|es|ing)\s+(?:over|away)|go\s+after|win\s+over)`;
/**
 * The verb's endings, not a role or a state named after it: "is not an employee of the Client", "not the employer of any worker",
 * "a recruiter", "employment" say what someone is, not that they go after anyone.
 */
const AS_VERB = String.raw`(?!(?:ee|e?r|or|e?ment)s?\b)\w*`;
/** Whom: staff, customers and the like by their usual names (the crew in plain words: "any of our lads or subcontractors"). */
const PEOPLE = String.raw`(?:employees?|staff|personnel|workers?|customers?|clients?|(?:sub-?)?contractors?|patients?|pupils?|students?|members?|accounts?|` +
  String.raw`lads|crew|workforce|team\s+members?|freelancers?)`;
/**
 * Whose people: the other side's, as either side writes it ("our", "your", "the Agency's", "each other's"), or by the party's own
 * name ("Brightway's", "SparkleWorks'"; a word closing a quote, "'trainee'", is no possessive).
 */
const THEIR = String.raw`(?:our|your|my|their|its|his|her|each\s+other['’]s|one\s+another['’]s|the\s+[\w-]+(?:\s+(?:party|side))?['’]s|[\w-]+(?:['’]s|s['’]))`;
/** People by their trade: "technicians", "stylists", "trainees", "cleaners", "kitchen porters", "sales reps". */
const STAFF = String.raw`(?:[\w-]{3,}(?:ists?|ians?)|(?:employ|train|appoint|assign)ees?|cleaners?|drivers?|engineers?|developers?|designers?|managers?|` +
  String.raw`trainers?|teachers?|tutors?|instructors?|coach(?:es)?|carers?|nurses?|chefs?|cooks?|porters?|waiters?|waitress(?:es)?|bartenders?|baristas?|` +
  String.raw`builders?|labou?rers?|installers?|fitters?|plumbers?|painters?|decorators?|gardeners?|couriers?|officers?|operators?|advis[eo]rs?|` +
  String.raw`consultants?|assistants?|attendants?|accountants?|agents?|associates?|colleagues?|volunteers?|interns?|apprentices?|mechanics?|` +
  String.raw`nann(?:y|ies)|housekeepers?|caretakers?|guards?|hosts?|models?|performers?|dancers?|photographers?|editors?|writers?|translators?|` +
  String.raw`interpreters?|doctors?|lawyers?|reps?|representatives?|caterers?|walkers?|sitters?|groomers?|minders?|florists?|people|hands|folk)`;
/** Workers described by what they are, not whose they are: "additional", "new", "qualified", "third-party" staff. */
const NEW_HANDS = String.raw`(?:other|another|additional|extra|new|more|further|third-party|independent|outside|external|temporary|casual|agency|freelance|` +
  String.raw`(?:un)?(?:qualified|licensed|registered|certified|trained|vetted|approved)|suitabl[ey]|such|of|the|our|your|their|its)`;
/**
 * A claim brought for a group: "class action", "collective or representative proceeding", "class, consolidated or mass
 * arbitration" (not a class of pupils, nor a representative at a meeting).
 */
const GROUP = String.raw`(?:class|collective|representative|consolidated|mass)`;
const CLASS_ACTION = String.raw`\b${GROUP}(?:(?:,\s*|,?\s+(?:or|and)\s+|\s*/\s*)${GROUP}){0,2}\s+(?:actions?|proceedings?|arbitrations?|claims?|suits?|lawsuits?|litigation)\b`;
/** Waiving a jury, or claims brought for a group, in any wording: the worst of a dispute clause. */
const JURY_OR_CLASS = anyOf(String.raw`\bjury\b|\bclass\s+members?\b`, CLASS_ACTION, String.raw`陪審|集団訴訟|クラス・?アクション|集団(?:的|での)?(?:訴訟|仲裁|手続)`);
// A mutual clause is balanced; one that bites without notice is the worst kind.
const oneSided = (sentence: string): Severity => (MUTUAL.test(sentence) ? 'low' : noticeless(sentence) ? 'high' : 'medium');

/** Doing the work one is engaged for: serving, writing, editing, designing, advising and the like. */
const TRADE_WORK = String.raw`(?:${SERVE_VERB}|(?:ghost-?)?writ\w*|wrote|edit\w*|translat\w*|design\w*|illustrat\w*|photograph\w*|film\w*|produc\w*|` +
  String.raw`develop\w*|consult\w*|advis\w*|teach\w*|coach\w*|train\w*|perform\w*)`;
/** A restraint on competing: working for, joining or running a rival, a radius, a territory. */
const NON_COMPETE = [
  String.raw`\bnon-?compet(?:e|ition)\b|\bcovenant\s+not\s+to\s+compete\b|\bshall\s+not\b[^.]{0,80}\bcompet(?:e|ing|itor|itive)`,
  String.raw`\b(?:not|never|refrain\s+from)\s+(?:to\s+)?(?:[\w,]+\s+){0,6}(?:compete|competing|work(?:ing)?\s+for\s+(?:a|any)\s+competitor|` +
    String.raw`(?:join|joining|be\s+employed\s+by)\s+(?:a|any)\s+compet|engag(?:e|ing)\s+in\s+(?:any\s+)?(?:business|activity|employment)\s+(?:that|which)\s+(?:competes|is\s+competitive))`,
  String.raw`\b(?:will|shall|must|may)\s+not\b[^.]{0,100}\b(?:any|a)\s+competitors?\b`,
  String.raw`\b(?:can['’]?t|cannot|won['’]t|not\s+allowed\s+to|(?:will|shall|must|may)\s+not)\s+(?:work|be\s+employed|consult)\b[^.]{0,60}\b(?:competitors?|competing\s+(?:business|company|firm)s?)\b`,
  // Any work, stake or service for one who competes: "will not work for, consult for, or own any business that competes with the Company".
  String.raw`\b(?:not|never|won['’]t|can['’]t|cannot),?\s+(?:[\w,]+\s+){0,8}?(?:work|consult|own|invest|join|provide|offer|manag|run|operat|open|trad|sell|start|set\s+up|establish|advis|assist|help|serv|engag|participat|take\s+up|be\s+(?:employed|engaged|involved))\w*\b[^.]{0,60}\b${COMPETITOR}\b`,
  // Working or trading near them, whoever for: "not work for any dental practice within 5 miles", "can't run your own
  // paid classes within 3 miles of the centre", "won't teach within a 10-mile radius".
  // The refusal may be set off by a comma ("shall not, directly or indirectly, own, operate or have any interest in"), and the business
  // named, then described, before its radius ("any business that sells bubble tea or similar drinks within 10 km").
  String.raw`(?:\b(?:not|never)|\bwon['’]t|\bcan['’]t|\bcannot),?\s+(?:[\w,'’-]+\s+){0,6}?(?:work|consult|own|join|provide|offer|run|operat|open|trad|sell|start|set\s+up|establish|teach|practi[cs]|coach|train|be\s+(?:employed|engaged|involved))\w*\b` +
    String.raw`(?:[^.]{0,80}?\b${BUSINESS}\b)?[^.]{0,80}?${RADIUS}`,
  // Carrying on, or being concerned or interested in, a business near them or one that competes, the act often set off from the
  // refusal by asides between commas: "must not, during the Term or for 12 months after it ends, carry on, or be concerned in, any
  // café within 5 km of the Premises" (carrying on deliveries or works near a school is no trade: the business comes before the radius).
  String.raw`${REFUSAL}(?:,[^,.;]{1,150}){0,4}[,\s]\s*(?:[\w'’-]+\s+){0,4}?(?:carr(?:y|ies|ying)\s+on|be\s+(?:[\w-]+\s+){0,2}?(?:concerned|interested))\b` +
    String.raw`[^.]{0,80}?\b(?:(?:business(?:es)?|trades?|undertakings?|enterprises?|${BUSINESS})\b(?=[^.]{0,80}?${RADIUS})|${COMPETITOR}\b)`,
  // Serving, running or joining another of the other side's kind, whoever names it a rival: "shall not provide design services to
  // any other tea or coffee retailer", "you don't play any other bars in Didsbury", "will not work for any other publisher".
  String.raw`${REFUSAL},?\s+${REFUSAL_GAP}(?:${SERVE_VERB}|(?:consult|play|perform|gig|dj|teach|coach|cook|open|run|operat|own|manag|start|set\s+up|join)\w*)\b` +
    String.raw`[^.]{0,40}?\b${RIVAL}`,
  // Or carrying or championing its goods: "shall not import or distribute green coffee from any other producer", "must not
  // promote or endorse any other skincare brand", "not trade at any other market". Selling one's own goods to or through
  // anyone else is a tie to the buyer, exclusivity ("shall not sell its cheese to any other wholesaler").
  String.raw`${REFUSAL},?\s+${REFUSAL_GAP}(?:promot|endors|advertis|import|distribut|(?:re)?sell|sold|stock|carr(?:y|ies|ied|ying)|market|trad)\w*,?\s+` +
    String.raw`(?:(?!(?:to|into|through|via|with)\b)[\w,'’-]+\s+){0,6}?(?:(?:from|for|of|by|at)\s+)?${RIVAL}`,
  // Championing one who competes, however it is described: "must not endorse or post sponsored content for any skincare brand that
  // competes with the Brand", "won't feature a competitor's products" (comparing the products with or against theirs is not).
  String.raw`${REFUSAL},?\s+${REFUSAL_GAP}(?:(?:promot|endors|advertis|featur|market|distribut|import|represent|sponsor)\w*|` +
    String.raw`post(?:s|ed|ing)?|stock(?:s|ed|ing)?|carr(?:y|ies|ied|ying)|wear(?:s|ing)?),?\s+` +
    String.raw`(?:(?!(?:with|against|than|between|versus|vs|to|into|through|via)\b)[\w,'’-]+\s+){0,8}?${COMPETITOR}\b`,
  // Doing one's trade for or about anyone in a named industry: "shall not write, ghostwrite or edit any memoir concerning any person or
  // company in the whisky industry", "will not design packaging for any company in the craft beer industry" (disclosing a report to
  // one is no restraint on working).
  String.raw`${REFUSAL},?\s+${REFUSAL_GAP}${TRADE_WORK}\b[^.]{0,100}?\b(?:for|about|concerning|on|with|to)\s+(?:any|a|an)\s+(?:[\w-]+\s+){0,3}?` +
    String.raw`(?:persons?|people|anyone|organi[sz]ations?|clients?|customers?|${BUSINESS})\b[^.]{0,40}?\b(?:in|within|of|from)\s+the\s+(?:[\w'’-]+\s+){0,4}?` +
    String.raw`(?:industry|sector|trade|market|field)\b`,
  // Or making a kind of work for anyone but the other side: "shall not develop or help develop any food-delivery app for any person
  // other than the Client", "will not write a cookery book for any publisher other than the Press" (the work named, so "won't work for
  // anyone else" stays a tie to one party).
  String.raw`${REFUSAL},?\s+${REFUSAL_GAP}${TRADE_WORK}\b(?:\s+(?:or|and)\s+(?:[\w-]+\s+){0,2}?${TRADE_WORK}\b)?\s+(?:any|an?)\s+[^.]{0,80}?\bfor\s+` +
    String.raw`(?:anyone|anybody|any\s?one|any\s+(?:other\s+)?(?:persons?|part(?:y|ies)|third\s+part(?:y|ies)|clients?|customers?|${BUSINESS}))\s+(?:other\s+than|else|besides|except)\b`,
  // In Spanish and Portuguese: the clause by its name ("NO COMPETENCIA", "pacto de no competir", "não concorrência"), or not
  // serving or promoting another of the kind ("se abstendrá de promocionar … productos de cualquier otra marca", "no podrá prestar
  // servicios a ninguna otra empresa del ramo"; ceding the contract to another firm is no restraint).
  String.raw`\bno\s+compet(?:encia|ir)\b|\bn[aã]o[\s-]concorr(?:[eê]ncia|er)\b|\bnon[\s-]concorrenza\b`,
  // A refusal with a radius in Italian, Portuguese, Spanish, Dutch or German: "si impegna a non tenere lezioni … nel raggio di 3 km",
  // "não poderá explorar qualquer lavandaria num raio de 5 km".
  String.raw`\b(?:non|n[aã]o|no|niet|nicht)\b[^.]{0,150}?${FOREIGN_RADIUS}`,
  // In Dutch: the clause by its name ("een concurrentiebeding van één jaar", not "geen concurrentiebeding"), or being forbidden to work
  // within a radius ("het is de werknemer verboden … werkzaam te zijn bij een opticiënszaak binnen 25 kilometer").
  String.raw`(?<!\bgeen\s+(?:[\wëéï-]+\s+)?)\bconcurrentiebeding\w*|\bverboden\b[^.]{0,150}?\b(?:werkzaam|werken|in\s+dienst|diensten|activiteiten|bedrijf|onderneming)\b[^.]{0,80}?${FOREIGN_RADIUS}`,
  String.raw`${ES_REFUSAL}\s+(?:${ES_LETTERS}+\s+){0,2}?${ES_SERVE}(?!${ES_LETTERS})[^.]{0,120}?${ES_RIVAL}`,
  // In German: the clause by its name ("ein nachvertragliches Wettbewerbsverbot", not "kein Wettbewerbsverbot"), or not working
  // for, with or at a competitor ("wird nicht für Wettbewerber der Agentur tätig", "nicht bei einem Konkurrenten arbeiten"), or
  // entering into competition ("nicht in Wettbewerb zur Agentur treten"); passing information to one is secrecy, not a restraint.
  String.raw`(?<!\bkein(?:e|en)?\s+(?:${DE_WORD}\s+)?)\b(?:wettbewerbs|konkurrenz)(?:verbot|klausel)\w*(?!\s+(?:besteht|gilt)\s+nicht\b)`,
  String.raw`${DE_START}(?:nicht|kein\w*)\s+(?:${DE_WORD}\s+){0,8}?(?:f[uü]r|bei|mit)\s+(?:(?:einen?|einem|einer|die|den|der|dem|ein|andere\w*)\s+)?(?:${DE_WORD}\s+)?${DE_COMPETITOR}|` +
    String.raw`${DE_START}nicht\s+(?:${DE_WORD}\s+){0,8}?in\s+(?:wettbewerb|konkurrenz)\s+(?:zu|mit)\b|${DE_START}(?:nicht|kein\w*)\s+(?:${DE_WORD}\s+){0,4}?konkurrierend\w*`,
  // In French: the clause by its name ("Non-concurrence", "une clause de non-concurrence", not "aucune clause de non-concurrence"), or
  // not working for, joining or serving a competitor ("s'interdit de collaborer avec une agence concurrente", "ne travaillera pas pour
  // un concurrent", "s'engage à ne pas faire concurrence"); passing information to one is secrecy, not a restraint.
  String.raw`(?<!\b(?:aucune|sans|pas\s+de|ni)\s+(?:(?:clause|obligation|engagement|pacte)\s+de\s+)?)(?<!${FR_LETTERS})non[\s-]concurrence${FR_END}`,
  String.raw`${FR_REFUSAL}(?![^.]{0,80}?${FR_DISCLOSE})[^.]{0,60}?${FR_WORK}[^.]{0,80}?${FR_COMPETITOR}`,
  ...JA_NON_COMPETE,
];

/**
 * The risk categories checked. Severity rules (also in docs/decisions/tools-that-read-like-the-real-thing-legal-receipts-scripts-and.md, "Legal analysis"):
 * - uncapped_liability: high (a liability with no ceiling can exceed the contract's value).
 * - broad_indemnification: low when mutual; high when it covers any and all claims (or all losses, unless from one stated kind of
 *   claim: "all losses arising from any claim that the Deliverables infringe"); medium otherwise.
 * - automatic_renewal: medium (the cost is a missed opt-out date, not an open-ended exposure).
 * - non_compete: high when it runs past the contract; medium when limited to the term (or to the event, season or plan the
 *   contract is for). Not working for, carrying or promoting another of the other side's kind is one ("shall not distribute
 *   coffee from any other producer", "must not endorse any other skincare brand"), and so is promoting one that competes or
 *   running a business "similar to the Franchised Business", or doing one's trade for anyone in a named industry. Under a heading
 *   that names it exclusivity, in any language ("Exclusividad:", "Exclusivité"), a restraint kept within the term is the
 *   exclusivity alone; the term may be named by the deal ("mientras dure la colaboración", "pendant la durée de la mission").
 * - non_solicitation: low when mutual, medium otherwise; the other side's people by any name ("any of our technicians").
 * - termination_without_cause: low when either party may (employment "at will" is either side's, unless one side is named; each
 *   side named in turn, "the Tenant may end it on a month's notice, and the Landlord by serving notice", is either party);
 *   high when one side may end it without notice; medium otherwise. Wanting out or deciding to end it, on notice, is one, and so
 *   is stopping the activity the deal is for ("you can stop volunteering"); ending it for good or just cause is not.
 *   Taking back a booth, pitch, place or membership at will is one; a charge the canceller pays if it cancels is not (a penalty).
 * - governing_law: low (a fact to check, rarely a trap).
 * - perpetual_confidentiality: medium; low when it is about trade secrets for as long as they stay secret.
 * - ip_assignment: high when it reaches prior work or work on your own time; medium otherwise. Creations that change hands
 *   ("become the sole property of", "are hereby assigned to") are one however long the list before the verb.
 * - penalties: high for penalties, liquidated damages, sums or shares of the fee charged or deducted per period of delay
 *   (minutes, hours, days, weeks), the rent or fees of the rest of the term owed on leaving early (or the whole fee charged when
 *   the paying side cancels: "a cancellation charge of 100% of the fee"; a share of it is not; or the whole fee paid back with a sum
 *   on top: "you'll pay us back the full fee plus a £500 charge"), and late-payment interest of
 *   2% a month (24% a year) or more; a "multa", "penalidad" or "pena convencional" is a penalty. Medium for other late-payment
 *   interest and fees ("intereses moratorios" by their rate).
 * - exclusivity: medium; a bar on dealing with anyone else in a sentence that is a non-compete is the non-compete alone, and
 *   what the premises or a licence may be used for ("for no other purpose") is a permitted use, not a tie to one party.
 * - unilateral_amendment: high without notice (or effective once posted), medium otherwise; the agreement may be named by its
 *   acronym ("the MSA"), or before the right to change it ("the house rules, which the Host may change").
 * - arbitration_jury_waiver: high when it waives a jury or class actions (also claims "only on an individual basis", "no class
 *   or representative proceeding", in a sub-clause of their own), medium for arbitration alone.
 * - missing_liability_cap (whole document, see missingLiabilityCap): medium.
 * Japanese contracts are read by a Japanese lexicon of the same categories and severities (JA_*): "違約金" is a penalty (high),
 * "遅延損害金" late-payment damages (medium below 24% a year), "自動的に更新" a renewal, "終了後2年間…競合…してはならない" a non-compete
 * past the term, "一切の損害を賠償" uncapped; damages owed for one's own breach ("損害を賠償しなければならない") are no indemnity.
 * A clause heading (or the title of a "§ 4 Non-Competition" over its sub-clauses) gives a sentence its subject, not its risk: the
 * sentence must bind or permit something itself (firesOn), and what only carves out of a clause ("Nothing in this clause stops the
 * Consultant from teaching", "This clause does not apply to charities") raises no category or severity (withoutCarveOuts), save a
 * carve-out from a liability cap or a notice period, which is the exposure.
 */
export const RISK_RULES: RiskRule[] = [
  readingCarveOuts(rule('uncapped_liability', 'Unlimited liability', 'high', [
    String.raw`\b(?:unlimited|uncapped|unrestricted)\s+(?:\w+\s+)?liabilit(?:y|ies)|\bliable\s+for\s+any\s+and\s+all\s+(?:damages|losses)`,
    // A bracketed title counts as one step, so heads of liability listed by clause ("for breach of clause 9 (Confidentiality), clause
    // 11 (Data Protection) and clause 12 (Indemnity) shall be unlimited") are read as far as a plain list.
    String.raw`\bliabilit(?:y|ies)\b(?:[^.;()]|\([^().;]{0,60}\)){0,100}?\b(?:shall|will|is|are)\s+(?:be\s+)?(?:unlimited|uncapped|unrestricted|` +
      String.raw`not\s+(?:be\s+)?(?:limited|capped|restricted|subject\s+to\s+(?:any\s+)?(?:limit|cap)))`,
    // A responsibility said to be so: "this responsibility is not capped or limited in amount" (not duties "not limited to" a list).
    String.raw`\bresponsibilit(?:y|ies)\b[^.;]{0,100}?\b(?:shall|will|is|are)\s+(?:be\s+)?(?:unlimited|uncapped|not\s+(?:be\s+)?(?:limited|capped|restricted)(?!\s+to\b))`,
    String.raw`\b(?:without|no)\s+(?:any\s+)?(?:limit(?:ation)?|cap|ceiling|maximum)\s+(?:of|on|to|as\s+to)\s+(?:its\s+|their\s+|the\s+)?(?:[\w-]+(?:'s|’s)\s+)?(?:total\s+)?liabilit`,
    String.raw`\bliab(?:le|ility)\b[^.;]{0,60}\bwithout\s+(?:any\s+)?(?:limit(?:ation)?|cap)\b|\bfully\s+liable\s+for\s+all\b`,
    String.raw`\bnot\s+(?:be\s+)?subject\s+to\s+any\s+(?:limit(?:ation)?|cap)`,
    // "There is no ceiling on the amount the Developer may have to pay for losses."
    String.raw`\bno\s+(?:upper\s+)?(?:limit|cap|ceiling|maximum)\s+(?:on|to)\s+(?:the\s+)?(?:amount|sum|total)\b[^.]{0,80}\b(?:pay|owe|liab\w*|losses|damages)\b`,
    // The same in plain words: "There's no limit on what you'd owe us if something goes wrong", "no cap on how much we can claim".
    String.raw`\b(?:no\s+|without\s+(?:any\s+|a\s+)?)(?:upper\s+)?(?:limit|cap|ceiling|maximum)\s+(?:on|to)\s+(?:what|how\s+much)\s+(?:[\w'’-]+\s+){0,5}?` +
      String.raw`(?:owe|pay|claim|recover|charge|be\s+(?:liable|responsible|charged|on\s+the\s+hook))\b`,
    // "Nothing in this Agreement limits either party's liability" (the carve-out for death or fraud is exempt below).
    String.raw`\bnothing\b[^.;]{0,60}\b(?:limits?|caps?|restricts?|reduces?)\s+(?:[\w’'-]+\s+){0,3}liabilit`,
    String.raw`\b(?:responsible|liable)\s+for\s+(?:all|any)\b[^.;]{0,80}\b(?:no|without\s+(?:any\s+|an\s+)?)\s*(?:upper\s+)?(?:limit|cap|ceiling|maximum)\b`,
    String.raw`\b(?:shall|will)\s+not\s+be\s+(?:limited|capped)\b(?=[^.;]*\b(?:liab|damages|losses))`,
    // In German: "haftet … der Höhe nach unbegrenzt", "die Haftung ist unbeschränkt", "haftet ohne Höchstgrenze".
    String.raw`\bhaft\w*\b[^.;]{0,120}?(?:${DE_UNLIMITED})`,
    // In Italian: "rispondono in modo illimitato", "risponde illimitatamente", "responsabilità illimitata".
    String.raw`\b(?:rispond|responsabil)\w*\b[^.;]{0,120}?(?:\bin\s+(?:modo|misura)\s+illimitat[ao]\b|\billimitatamente\b|\bsenza\s+(?:alcun\s+)?limit[ei]\b)|\bresponsabilit[aà]\s+illimitat[ae]\b`,
    // In French: answerable with no limit or ceiling ("est responsable, sans limitation, de tous les dommages", "répond sans aucune limite",
    // "sans plafond"), or a liability said to be unlimited ("sa responsabilité est illimitée"); not "y compris sans limitation", which
    // lists, nor "sans limitation de durée", which is time.
    String.raw`(?<!${FR_LETTERS})(?:responsab|r[ée]pond)${FR_LETTERS}*[^.;]{0,120}?${FR_WITHOUT_LIMIT}|` +
      String.raw`\bresponsabilit[ée]s?\s+(?:(?:${FR_WORD}\s+){0,6}?(?:est|sont|sera|seront|demeure|demeurent|reste|restent)\s+)?illimit[ée]e?s?${FR_END}`,
    // In Japanese: all loss made good ("一切の損害を賠償しなければならない", as "liable for any and all damages", not "賠償する責任を負わ
    // ない"), or liability with no ceiling ("上限を設けない", "無制限", "制限なく賠償する").
    String.raw`一切の損害(?:等)?${JA_ANY}{0,20}?(?:を|について|に対し(?:て)?)${JA_ANY}{0,15}?賠償(?:する|し|の責)(?!ない|${JA_ANY}{0,12}?(?:負わない|負いません|免れ|しない))`,
    String.raw`(?:損害|賠償|責任)${JA_ANY}{0,60}?(?:上限(?:なく|を設けず|を設けない|を定めず|はない|はなく|は設けない)|無制限|制限(?:なく|されない|されず|を受けない))|` +
      String.raw`(?:上限なく|無制限に|制限なく)${JA_ANY}{0,40}?(?:賠償|責任を負)|損害の全額を賠償`,
  ], 'Negotiate a liability cap (for example the fees of the last 12 months) and exclude indirect and consequential damages.',
  // "Nothing limits liability for death, personal injury or fraud" is the standard carve-out, not an open exposure.
  // The same in German: intent (Vorsatz), gross negligence (grobe Fahrlässigkeit), injury to life, body or health, product liability.
  new RegExp(
    String.raw`^(?![^]*\b(?:unlimited|uncapped|illimitat\w*)\b)[^]*\b(?:death|personal\s+injury|fraud\w*|gross\s+negligence|wil(?:l)?ful\s+misconduct|cannot\s+(?:lawfully\s+)?be\s+(?:limited|excluded)|` +
      String.raw`vorsatz|vors[aä]tzlich\w*|grob\w*\s+fahrl[aä]ssig\w*|leben|k[oö]rper\w*|gesundheit|produkthaftung\w*|arglist\w*|dolo|colpa\s+grave)\b|` +
      // And in Japanese: intent or gross negligence ("故意又は重過失", "重大な過失"), life and body ("生命、身体").
      String.raw`故意|重(?:大な)?過失|生命|身体`,
    'i',
  ))),
  rule('broad_indemnification', 'Broad indemnification', (s) => (MUTUAL.test(s) ? 'low' : BROAD.test(s) || (ALL_LOSSES.test(s) && !SCOPED_CLAIM.test(s)) ? 'high' : 'medium'), [
    // Professional indemnity insurance, or indemnity cover, is a policy one holds, not an indemnity given.
    String.raw`\bindemnif(?:y|ies|ied|ication)\b|(?<!\bprofessional\s)\bindemnit(?:y|ies)\b(?!\s+(?:insurance|insurers?|cover|policy|policies|scheme)\b)|` +
      String.raw`\b(?:hold|save)\s+(?:[\w’'-]+\s+){0,5}harmless\b`,
    // In plain words: "cover us for any claims", "compensate the client against all losses".
    String.raw`\b(?:cover|compensate|reimburse|defend)\s+(?:us|them|him|her|[\w’'-]+(?:\s+[\w’'-]+)?)\s+(?:for|against)\s+(?:any|all)(?:\s+and\s+all)?\s+(?:\w+\s+)?(?:claims?|losses|damages|costs|liabilit)`,
    // Their losses made good, with no "any" or "all": "you'll cover our losses", "compensate the Café for its losses" (not
    // "reimburse our expenses", which is a payment, nor paying for damage you do, which is liability).
    // Each side bearing its own losses, or what an insurance policy covers, is no indemnity.
    String.raw`(?<!\b(?:insurance|polic(?:y|ies)|insurers?)\b[^.]{0,40})\b(?:cover(?:s|ing)?|compensat(?:e|es|ing)|reimburs(?:e|es|ing)|mak(?:e|es|ing)\s+good|bear(?:s|ing)?|shoulder(?:s|ing)?)\s+` +
      String.raw`(?:(?:us|me|them|the\s+\w+)\s+for\s+)?(?:any\s+(?:and\s+all\s+)?|all\s+)?(?:of\s+)?(?:our|my|their|its|the\s+\w+['’]s)\s+(?!own\b)(?:[\w-]+\s+){0,2}?(?:losses|damages|claims|liabilit(?:y|ies)|lawsuits?|fines)\b`,
    String.raw`\b(?:compensat(?:e|es|ing)|reimburs(?:e|es|ing))\s+(?:us|me|them|the\s+\w+)\s+for\s+(?:any\s+)?(?:[\w-]+\s+){0,2}?(?:losses|damages|claims|liabilit(?:y|ies)|lawsuits?|fines)\b`,
    // Or answering for claims against them: "you're responsible for any claims made against us".
    String.raw`\b(?:responsible|liable)\s+for\s+(?:any|all)\s+(?:[\w-]+\s+){0,2}?(?:claims?|lawsuits?|fines)\s+(?:[\w-]+\s+){0,2}?against\s+(?:us|me|the\s+\w+)\b`,
    // In Spanish and Portuguese, keeping the other side unharmed: "mantendrá indemne a la Empresa", "manter a CONTRATANTE indene",
    // "sacar en paz y a salvo" ("indemnización" alone is compensation owed, as on termination).
    String.raw`\bmant${ES_LETTERS}*\b[^.]{0,80}?\b(?:indemnes?|indenes?)\b|\bsacar\s+(?:[^.]{0,40}?\s)?en\s+paz\s+y\s+a\s+salvo\b`,
    // In Portuguese, indemnifying by the verb ("o Franqueado indemnizará", "indenizará", not the noun "indemnização" owed) or
    // holding harmless ("isentará de responsabilidade o Franqueador").
    String.raw`\binde(?:m)?niz(?:ar[aá]o?|ar|am?|em?)(?!${ES_LETTERS})|\bisentar(?:[aá]o?)?\s+de\s+(?:qualquer\s+|toda\s+a\s+)?responsabilidade\b`,
    // In Italian, holding the other side harmless by the verb: "il Licenziatario manleva la Licenziante dalle pretese di terzi", "terrà
    // indenne la Società da ogni pretesa" (not the noun: "non presta alcuna manleva"; goods arriving "indenne" are unharmed).
    String.raw`(?<!\b(?:la|una|alcuna|nessuna|della|di|alla|sulla)\s)\bmanlev(?:a|ano|er[aà]|eranno|are)\s+(?:e\s+(?:tiene|terr[aà])\s+indenne\s+)?` +
      String.raw`(?:(?:il|lo|la|i|gli|le|ogni|controparte)(?!${IT_LETTERS})|l['’])|` +
      String.raw`\b(?:tien[ei]|tengono|terr[aà]|terranno|tenere)\s+(?:(?:il|lo|la|i|gli|le)\s+|l['’]\s?)?(?:${IT_LETTERS}+\s+){0,2}?indenn[ei](?!${IT_LETTERS})`,
    // In German, holding the other side free of claims: "stellt den Vermieter von sämtlichen Ansprüchen Dritter frei",
    // "freizustellen von allen Schäden", "schadlos halten" (a "Freistellung" from work is garden leave, not an indemnity).
    String.raw`\bstell(?:t|en|e)\b[^.]{0,80}?\bvon\s+(?:${DE_WORD}\s+){0,3}?(?:anspr[uü]ch|forderung|sch[aä]d|verlust|kosten|haftung)\w*\b[^.]{0,80}?\bfrei\b|` +
      String.raw`\bfrei(?:zu)?stell\w*\s+(?:${DE_WORD}\s+){0,4}?von\s+(?:${DE_WORD}\s+){0,3}?(?:anspr[uü]ch|forderung|sch[aä]d|verlust|kosten|haftung)\w*|\bschadlos\s+(?:zu\s+)?h[aä]lt\w*|\bh[aä]lt\b[^.]{0,60}?\bschadlos\b`,
    // In French, guaranteeing the other side against claims ("garantit l'Agence contre tout recours de tiers"), indemnifying by the
    // verb ("indemnisera", not the noun "indemnité" owed) or holding it harmless ("tenir indemne"); a warranty of the goods is none.
    String.raw`\bgaranti(?:t|r|ra|ront|ssent|sse)\b[^.]{0,80}?\bcontre\s+(?:tou(?:t|te|s|tes)\s+)?(?:les?\s+|la\s+|des\s+)?` +
      String.raw`(?:r[ée]clamations?|recours|actions?|demandes?|pertes?|dommages?|condamnations?|pr[ée]judices?|poursuites?)${FR_END}|` +
      String.raw`\bindemnis(?:er|era|eront|e|ent)${FR_END}|\btenir\s+(?:${FR_WORD}\s+){0,3}?indemnes?${FR_END}`,
    // In Japanese, losses made good or the other side held harmless ("損失及び費用を補償し、甲を免責する", "甲に一切迷惑をかけない"), or
    // third-party claims settled at one's own cost ("第三者から請求を受けた場合、乙の責任と費用において解決する"); damages owed for one's
    // own breach ("損害を賠償する") are liability, and "補償" of wages is pay, not an indemnity.
    String.raw`(?:損害|損失|費用|請求|責任)${JA_ANY}{0,40}?(?:補償|免責)(?:し(?!ない)|する)|を(?:防御し、?)?免責(?:し(?!ない)|する)|迷惑を(?:及ぼさ|かけ)ない|` +
      String.raw`第三者${JA_ANY}{0,60}?(?:請求|訴訟|クレーム|異議|紛争|申立て)${JA_ANY}{0,100}?(?:(?:責任と(?:費用|負担)|費用と責任|責任及び費用|負担と責任|費用負担)` +
      String.raw`(?:において|で|により|をもって)${JA_ANY}{0,20}?(?:解決|処理|対応|防御)|(?:損害|損失|費用)${JA_ANY}{0,30}?(?:賠償|補償|負担)(?:し|する))`,
  ], 'Limit the indemnity to third-party claims caused by your own breach or negligence, make it mutual and cap it.'),
  rule('automatic_renewal', 'Automatic renewal', 'medium', [
    String.raw`\bautomatic(?:ally)?\s+(?:be\s+)?(?:renew|extend|continu|roll)|\bauto-?renew|\b(?:renew|extend|continu|roll|keeps?\s+going|goes\s+on|carr(?:y|ies)\s+on)\w*\s+(?:[\w-]+\s+){0,3}automatically|` +
      // "Evergreen" as a kind of term, not a company called Evergreen.
      String.raw`\bevergreen\s+(?:clause|term|renewal|contract|agreement|basis|subscription)\b`,
    String.raw`\b(?:shall|will)\s+(?:be\s+)?(?:renew(?:ed)?|extend(?:ed)?|continue)\s+for\s+(?:successive|additional|subsequent|consecutive|further)`,
    String.raw`\b(?:successive|consecutive|additional|subsequent|further)\s+(?:[\w()-]+\s+){0,3}(?:periods?|terms?|years?|months?)\b[^.]{0,40}\bunless\b`,
    String.raw`\brenew(?:s|ed|al)?\b[^.]{0,80}\bunless\b[^.]{0,80}\b(?:notice|cancel|terminat)|\btacit(?:ly)?\s+renew|\brolls?\s+over\b`,
    String.raw`\bunless\b[^.]{0,120}\b(?:renews?|is\s+renewed|extends?)\s+(?:automatically\s+)?for\b`,
    // In Spanish and Portuguese: renewed or extended tacitly or automatically ("se prorrogará tácitamente", "renovar-se-á
    // automaticamente", "prórroga automática", "tácita reconducción"), not "no se prorrogará automáticamente".
    String.raw`(?<!\b(?:no|n[aã]o|sin|sem|nunca)\s+(?:se\s+|habr[aá]\s+|haver[aá]\s+)?)\b(?:prorrog|renov)(?:${ES_LETTERS}|-)*\s+(?:de\s+(?:forma|manera|modo)\s+)?` +
      String.raw`(?:t[aá]cit|autom[aá]tic)[oa](?:s|mente)?\b|\bt[aá]cita\s+(?:reconducci[oó]n|pr[oó]rroga|renovaci[oó]n|renova[cç][aã]o)\b`,
    // Successive periods unless someone opts out: "por períodos mensuales sucesivos salvo que", "por períodos iguais e sucessivos, salvo se".
    String.raw`\bper[ií]odos?\s+(?:${ES_LETTERS}+\s+){0,3}?(?:sucesiv|sucessiv|consecutiv|adicional)${ES_LETTERS}*\b[^.]{0,60}?\b(?:salvo|a\s+menos|excepto|exceto)\b`,
    // In German: "verlängert sich automatisch", "stillschweigend verlängert", or "verlängert sich jeweils um ein weiteres Jahr, wenn es
    // nicht … gekündigt wird" (not "verlängert sich nicht automatisch").
    String.raw`\b(?:automatisch|stillschweigend)\s+(?:(?!nicht\b)${DE_WORD}\s+){0,3}?verl[aä]nger\w*|\bverl[aä]nger\w*\s+sich\s+(?:(?!nicht\b)${DE_WORD}\s+){0,3}?(?:automatisch|stillschweigend)\b|` +
      String.raw`\bverl[aä]nger\w*\s+sich\b[^.]{0,80}?\b(?:wenn|sofern|falls|soweit)\b[^.]{0,40}?\bnicht\b[^.]{0,100}?\bgek[uü]ndigt\b`,
    // In Dutch and Italian: "wordt stilzwijgend verlengd", "verlengt automatisch", "si rinnova tacitamente", "tacito rinnovo" (not
    // "niet stilzwijgend verlengd", "non si rinnova tacitamente").
    String.raw`(?<!\bniet\s)\b(?:stilzwijgend|automatisch)\s+(?:(?!niet\b)[\wëé]+\s+){0,3}?verleng\w*|\bverleng\w*\s+(?:(?!niet\b)[\wëé]+\s+){0,3}?(?:stilzwijgend|automatisch)\b|` +
      String.raw`(?<!\bnon\s(?:si\s)?)\b(?:si\s+)?rinnov\w*\s+(?:\w+\s+){0,2}?(?:tacitamente|automaticamente)\b|\b(?:tacitamente|automaticamente)\s+rinnov\w*|` +
      String.raw`\b(?:tacito|automatico)\s+rinnovo\b|\brinnovo\s+(?:tacito|automatico)\b`,
    // In French: "par tacite reconduction", "reconduit tacitement", "se renouvelle automatiquement", successive periods "sauf
    // dénonciation" (not "sans tacite reconduction", "n'est pas reconduit tacitement").
    String.raw`(?<!\b(?:sans|aucune?|pas\s+de|exclu\w*)\s+(?:(?:la|toute)\s+)?)\b(?:tacite\s+reconduction|reconduction\s+tacite)\b|` +
      String.raw`(?<!\bpas\s)\b(?:reconduit|reconduite|reconduits|reconduites|renouvel\w*)\s+(?:tacitement|automatiquement|de\s+plein\s+droit)\b|` +
      String.raw`\b(?:tacitement|automatiquement)\s+(?:reconduit|renouvel)\w*|\bp[ée]riodes?\s+(?:${FR_WORD}\s+){0,3}?successives?\b[^.]{0,80}?\bsauf\b`,
    // A term that goes on by itself until someone stops it: "continues year after year until the Customer cancels".
    String.raw`\b(?:renew|continu|roll|carr(?:y|ies)\s+on|keeps?\s+going|goes\s+on|extend|run)\w*\b[^.]{0,60}\b(?:(?:every|each)\s+(?:week|month|year)\b[^.]{0,40}\buntil|` +
      String.raw`(?:until|unless)\s+(?:you|we|either\s+party|one\s+of\s+us|(?:the\s+)?\w+)\s+(?:cancels?|opts?\s+out|(?:gives?|serves?|sends?)\s+(?:[\w-]+\s+){0,3}notice|terminates?|ends?\s+it)|until\s+cancell?ed)`,
    String.raw`\b(?:renew|continu|roll|carr(?:y|ies)\s+on|keeps?\s+going|goes\s+on|extend|run)\w*\b[^.]{0,60}\b(?:(?:year|month|week)\s+(?:after|to|by)\s+(?:year|month|week)|on\s+a\s+(?:month|year|week)(?:-to-|\s+to\s+)(?:month|year|week))`,
    // In Japanese: renewed automatically ("自動的に更新される", "自動更新"), or renewed unless someone says otherwise ("書面による申出が
    // ないときは、同一条件で更に1年間更新される"); not "自動的に更新されない", "自動更新は行わない".
    String.raw`自動(?:的に|で)${JA_ANY}{0,20}?(?:更新|延長|継続)${JA_NOT_AFTER}|自動(?:更新|延長|継続)${JA_NOT_AFTER}|` +
      String.raw`(?:申出|申し出|申入れ|申し入れ|通知|意思表示)${JA_ANY}{0,15}?(?:ない|なき|なかった)(?:とき|場合|限り)${JA_ANY}{0,60}?(?:更新|延長)(?:され|する|し|とする)${JA_NOT_AFTER}`,
  ], 'Note the opt-out deadline, and ask for renewal by written agreement or a short opt-out window with a reminder.'),
  {
    ...rule('non_compete', 'Non-compete', (s) => (withinTerm(s) ? 'medium' : 'high'), NON_COMPETE,
      'Narrow its scope, duration (12 months at most) and territory, and check that it is enforceable where you work.'),
    yieldsToHeading: { heading: EXCLUSIVITY_HEADING, within: withinTerm },
  },
  rule('non_solicitation', 'Non-solicitation', (s) => (MUTUAL.test(s) ? 'low' : 'medium'), [
    String.raw`\bnon-?solicit\w*|\bno-?(?:poach|hire)\b`,
    // In German, poaching by its own verb: "abwerben", "abzuwerben", "Abwerbung", "abspenstig machen".
    String.raw`\bab(?:zu)?werb\w*|\babspenstig\b`,
    // "Neither party will, during this Agreement or for six months afterwards, recruit … the other party's employees".
    // Also the plain ways of going after them ("approach or take over customers", "steal our clients") and whoever they are
    // ("entice away any patient", "poach our members").
    String.raw`${WOULD_NOT}${POACH}${AS_VERB}\b[^.]{0,80}\b${PEOPLE}\b`,
    // Or their people by trade, said to be theirs ("any of our technicians", "the Agency's kitchen porters"), not their kit ("hire
    // our generators"); taking them on or engaging them is poaching too, but engaging subcontractors of one's own is not.
    String.raw`${WOULD_NOT}(?:${POACH}|engag|headhunt|tak(?:e|es|ing)\s+on)${AS_VERB}\b[^.]{0,40}?\b${THEIR}\s+(?:[\w-]+\s+){0,2}?(?:${PEOPLE}|${STAFF})\b`,
    // Or one of their workers named by the other side's brand: "not to engage any Pawsome walker privately", "hire any Acme
    // engineer" (not "any additional subcontractors" or "any unqualified technicians", which say whom to take on, not whose).
    String.raw`${WOULD_NOT}(?:${POACH}|engag|headhunt|tak(?:e|es|ing)\s+on)${AS_VERB}\s+(?:any|an?)\s+(?!${NEW_HANDS}\b)[\w-]+\s+${STAFF}\b`,
    // Soliciting work from the people met through the other side: "will not solicit or accept bookings from any guest met there".
    String.raw`${WOULD_NOT}solicit\w*\b[^.]{0,60}?\b(?:business|work|bookings?|orders?|custom|commissions?|jobs?|engagements?|instructions|gigs?|enquiries|inquiries)\b[^.]{0,20}?\bfrom\b`,
    // An agency's workers, whatever the agency calls them, hired other than through it: "shall not employ, engage or solicit any
    // Temp otherwise than through the Agency" (not "other than through the approved tender process").
    String.raw`${REFUSAL}\b[^.]{0,160}?\b(?:${POACH}|engag|headhunt)${AS_VERB}\b[^.]{0,60}?\b(?:otherwise\s+than|other\s+than|except|save)\s+(?:through|via)\s+` +
      String.raw`(?!(?:an?|the|its|their|our|your)\s+(?:approved|agreed|official|normal|usual|proper|standard|tender|procurement)\b)(?:us|me|the\s+[\w-]+|[\w-]+)`,
    // Poaching is only ever of someone's people or customers: "won't try to poach any of our drivers".
    String.raw`\b(?:not|never|no|won['’]t|can['’]t|cannot)\b[^.]{0,40}?\bpoach(?:es|ed|ing)?\s+(?:away\s+)?(?:(?:any|one|some)\s+of\s+|anyone\s+(?:from|of)\s+|any\s+)?(?:our|my|their|his|her|its|the\s+[\w-]+['’]s)\s+\w`,
    // In Spanish and Portuguese, hiring or poaching the other side's people: "não poderá contratar … profissionais da equipe da
    // CONTRATADA", "se abstendrá de contratar a empleados del Estudio" (not services, nor the staff of third parties).
    String.raw`${ES_PT_REFUSAL}\s+(?:${ES_LETTERS}+,?\s+){0,4}?(?:contrat|emple|empreg|recrut|reclut|alici|capt|solicit|atra)${ES_LETTERS}*\b[^.]{0,60}?` +
      String.raw`\b${ES_STAFF}\s+(?:de|del|da|do|das|dos)\s+(?!terc)`,
    // In French, by its name ("Non-sollicitation") or refusing to solicit or hire the other side's people: "s'interdit de solliciter ou
    // d'embaucher tout collaborateur du Prestataire", "s'engage à ne pas débaucher les salariés du Client".
    String.raw`\bnon[\s-]sollicitation${FR_END}|(?:\bs['’]\s?interdi\w*\s+de|\bs['’]\s?engage\w*\s+[àa]\s+ne\s+pas|\bne\s+(?:pas|peut|peuvent|pourra|pourront|doit|devra)(?:\s+pas)?)\s*` +
      String.raw`(?:${FR_WORD}\s+){0,3}?(?:d['’])?(?:solliciter|d[ée]baucher|embaucher|recruter|engager|employer|d[ée]marcher)${FR_END}[^.]{0,80}?` +
      String.raw`(?<!${FR_LETTERS})(?:collaborat(?:eur|rice)s?|salari[ée]e?s?|employ[ée]e?s?|personnel|membres?\s+du\s+personnel|consultants?|clients?|pr[ée]pos[ée]s?)${FR_END}`,
    // In Italian, by its name ("non sollecitazione", "divieto di storno") or refusing to hire, poach or solicit the other side's people
    // or customers: "non potrà assumere né cercare di assumere i dipendenti del Committente", "si impegna a non stornare i clienti della
    // Società", "Nessuna delle parti potrà sollecitare i dipendenti dell'altra" (not staff of its own or of other firms).
    String.raw`\bnon[\s-]sollecitazione\b|\bdivieto\s+di\s+storno\b|\bstorno\s+(?:di|del|dei)\s+(?:dipendenti|personale|clienti|clientela)\b|` +
      String.raw`(?<!${IT_LETTERS})(?:non|nessun[ao]?\s+(?:delle|dei|degli)\s+${IT_LETTERS}+)\s+(?:(?:potr[aà]|potranno|pu[oò]|possono|dovr[aà]|dovranno|deve|devono)\s+)?` +
      String.raw`(?:${IT_LETTERS}+,?\s+){0,4}?${IT_POACH}(?!${IT_LETTERS})[^.]{0,80}?(?<!${IT_LETTERS})${IT_STAFF}\s+(?:(?:del|della|dello|dei|delle|degli)(?!${IT_LETTERS})|dell['’])`,
    // In Japanese, the other side's people or customers poached, hired or dealt with directly: "相手方の従業員を引き抜いてはならない",
    // "甲の従業員を勧誘し、又は雇用してはならない", "甲の顧客と直接取引してはならない".
    String.raw`${JA_STAFF}${JA_ANY}{0,40}?${JA_POACH}${JA_ANY}{0,20}?${JA_REFUSE}`,
    // In Dutch, by its name ("relatiebeding", not "geen relatiebeding") or refusing to approach or hire the other side's customers or
    // people: "zal geen klanten van de werkgever benaderen", "zal geen relaties van het bureau benaderen", "niet … werknemers van de
    // opdrachtgever in dienst nemen" (not one's own customers).
    String.raw`(?<!\bgeen\s+(?:[\wëéï-]+\s+)?)\brelatiebeding\w*|\b(?:geen|niet)\b[^.]{0,60}?\b(?:klanten|relaties|cli[eë]nten|opdrachtgevers|medewerkers|werknemers|personeel)\s+van\s+` +
      String.raw`(?:de|het|haar|zijn|hun)\b[^.]{0,60}?\b(?:benaderen|te\s+benaderen|werven|te\s+werven|afwerven|af\s+te\s+werven|overnemen|over\s+te\s+nemen|aannemen|aan\s+te\s+nemen|` +
      String.raw`in\s+dienst\s+(?:te\s+)?nemen|benadert|benaderd)\b`,
  ], 'Limit it to people you actually worked with, for 12 months at most, and exclude responses to public job adverts.'),
  eitherSideInTurn(readingCarveOuts(rule('termination_without_cause', 'Termination without cause', oneSided, [
    // The right to end it, not the event ("after this Agreement expires or is terminated for any reason", "following the
    // termination of employment for any reason", "survives termination for any reason"); a student removed from a programme
    // or a membership ended is the same right.
    String.raw`(?<!\b(?:is|are|was|were|has\s+been|have\s+been)\s+)(?<!${ENDING_EVENT})\b(?:terminat\w*|cancel\w*|dismiss\w*|expel\w*|remove\s+(?:a|the|any|your)\s+\w+\s+from|` +
      // A seller's shop on a platform, by one verb or two: "suspend or close your storefront".
      String.raw`(?:end|close|suspend)(?:\s+(?:or|and|and\/or)\s+(?:end|close|suspend|deactivate|delete|remove))?\s+${WHOSE}(?:[\w-]+\s+)?` +
      String.raw`(?:agreement|contract|engagement|employment|arrangement|relationship|job|position|booking|tenancy|deal|lease|membership|subscription|account|plan|services?|` +
      String.raw`shop|store|storefront|listings?|profile|${DEAL_BY_PURPOSE})|` +
      // Ending it in plain words: "we can end this whenever we like", "pull your pitch any time", "drop your slot", "revoke
      // Vendor's booth assignment", "rescind a member's place".
      String.raw`(?:end|stop)\s+(?:this|it|things)|${STOP_DOING}|${CALL_OFF}|${LEAVE_THE_DEAL}|(?:pull|drop|scrap|axe|withdraw|revoke|rescind|cancel|take\s+(?:away|back)|call\s+off)\s+${WHOSE}(?:[\w-]+\s+)?` +
      String.raw`(?:pitch|spot|stall|stand|booth|place|slot|booking|reservation|space|plot|table|gig|shifts?|classes|sessions?|licen[cs]e|permit|pass|membership|allocation|` +
      String.raw`assignment|accreditation|invitation|enrol(?:l)?ment|registration|contract|deal|arrangement))\b[^.]{0,80}?\b(?:without\s+cause|` +
      String.raw`for\s+(?:its\s+)?convenience|at\s+its\s+convenience|for\s+(?:any|whatever)\s+(?:or\s+no\s+)?reason|for\s+no\s+reason|at\s+any\s+time|` +
      String.raw`(?:in|at)\s+(?:its|our|their|his|her)\s+(?:own\s+)?(?:sole\s+|absolute\s+)?(?:and\s+absolute\s+)?discretion|without\s+(?:any\s+|prior\s+)?(?:written\s+)?notice|without\s+(?:giving\s+)?(?:a|any)\s+reason|` +
      String.raw`whenever\s+(?:we|they|it|he|she|the\s+\w+)\s+(?:like|want|wish|choose|please)s?|no\s+notice|any\s*time|(?:straight|right)\s+away|on\s+the\s+spot|at\s+any\s+(?:point|moment)|${OUR_CALL}|(?:our|their|its)\s+(?:choice|decision))`,
    String.raw`\bat[\s-]will\b`,
    // "may terminate on 30 days' notice": no reason needed, so it is termination without cause.
    // Also with the notice promised after it: "we can end this whenever we like; we'll give you 2 weeks' notice".
    // A wish to end it is the same right when notice is what it takes: "if either of us wants out, give 2 weeks notice", "should the
    // Promoter decide to walk away, it gives 30 days' notice".
    String.raw`\b(?:(?:may|can|(?:wants?|wish(?:es)?|decides?|chooses?|would\s+like)\s+to)\s+(?:terminat\w*|cancel\w*|end|${LEAVE_THE_DEAL})|${CALL_OFF})\b` +
      String.raw`[^.]{0,80}?\b(?:on|upon|with|by\s+giving|giving|gives?|after)\s+(?:at\s+least\s+)?(?:[\w()-]+\s+){0,3}` +
      String.raw`(?:days?|weeks?|months?)(?:['’]s?)?\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice`,
    // Said of the deal, by whom and on what notice: "until terminated by either party on 7 days' notice", "may be terminated by the
    // Owner on 60 days' notice" ("unless terminated … before the end of the term, it renews" is the renewal's opt-out).
    String.raw`\b(?:be|until)\s+terminated\s+by\s+(?:either|each|any|both|the\s+[\w-]+|us|you|[\w-]+)\b[^.]{0,60}?\b(?:on|upon|with|by\s+giving|giving|after)\s+` +
      String.raw`(?:at\s+least\s+)?(?:[\w()-]+\s+){0,3}(?:days?|weeks?|months?)(?:['’]s?)?\s+(?:prior\s+|advance\s+)?(?:written\s+)?notice`,
    // Or by notice alone, its period left to later or to none: "either party may terminate it by written notice", "may end the
    // licence by notice in writing".
    String.raw`\b(?:may|can)\s+(?:terminat\w*|cancel\w*|end|${LEAVE_THE_DEAL})\b[^.]{0,80}?\b(?:on|upon|by)\s+(?:(?:prior|advance|written|formal)\s+){0,2}notice\b`,
    // In Spanish: "podrá dar por terminado el contrato en cualquier momento", "podrá rescindirlo sin causa", "podrán terminarlo mediante
    // aviso por escrito".
    String.raw`\b${ES_MAY}\s+(?:${ES_LETTERS}+\s+){0,2}?${ES_END}(?:lo|la)?(?!${ES_LETTERS})[^.]{0,120}?(?:${ES_AT_WILL}|\b(?:aviso|notificaci[oó]n|preaviso)\b)`,
    // In Portuguese: "poderá rescindir o presente contrato a qualquer tempo", "poderão resilir-lo mediante aviso prévio".
    String.raw`\b${PT_MAY}\s+(?:${ES_LETTERS}+\s+){0,2}?${PT_END}(?:-?l[oa])?(?!${ES_LETTERS})[^.]{0,120}?(?:${PT_AT_WILL}|\b(?:aviso|notifica[cç][aã]o|anteced[eê]ncia)\b)`,
    // In German, a right to give notice, which needs no reason ("kann … ordentlich kündigen", "kann von beiden Parteien … gekündigt
    // werden", "ist mit einer Frist von vier Wochen kündbar"); for an important reason it is for cause (exempt below).
    String.raw`${DE_MAY}[^.]{0,160}?${DE_END}|${DE_START}k[uü]ndbar\b`,
    // In Dutch: "De verhuurder kan de overeenkomst tussentijds opzeggen", "is gerechtigd de overeenkomst te beëindigen".
    String.raw`${NL_MAY}[^.]{0,160}?${NL_END}`,
    // In Italian: "Lo Studio può recedere dal contratto in qualsiasi momento", "può recedere con un preavviso di 60 giorni".
    String.raw`${IT_MAY}[^.]{0,80}?${IT_END}[^.]{0,120}?(?:${IT_AT_WILL})|${IT_MAY}[^.]{0,60}?(?:${IT_AT_WILL})[^.]{0,60}?${IT_END}`,
    // In French: "Le Fournisseur peut résilier le contrat à tout moment, sans préavis", "peut être résilié moyennant un préavis de deux
    // mois", "se réserve le droit de mettre fin au contrat sans motif".
    String.raw`${FR_MAY}\s*(?:${FR_WORD}\s+){0,3}?${FR_END_CONTRACT}[^.]{0,120}?(?:${FR_AT_WILL})|${FR_MAY}[^.]{0,60}?(?:${FR_AT_WILL})[^.]{0,60}?${FR_END_CONTRACT}`,
    // In Japanese, the right to end it with no reason, without notice or on notice, the verb last: "いつでも本契約を解約することができる",
    // "1か月前までに書面で通知することにより、本契約を解約することができる", "当社の判断により、本サービスの提供を停止することができる".
    String.raw`(?:${JA_AT_WILL}|${JA_NO_NOTICE}|${JA_NOTICE_GIVEN})${JA_ANY}{0,80}?${JA_END}${JA_ANY}{0,20}?${JA_MAY}|中途解約(?:することが)?でき|中途解約権`,
  ], 'Ask for a notice period (for example 30 days), a mutual right, and payment for work done up to termination.',
  // Ending for breach or misconduct ("may dismiss without notice for gross misconduct"), or at the end of the term (that is not
  // renewing), needs a reason or waits for the term.
  anyOf(
    String.raw`^(?![^]*\b(?:without\s+cause|convenience|(?:any|whatever)\s+(?:or\s+no\s+)?reason|no\s+reason|discretion|at[\s-]will)\b)[^]*(?:\bfor\s+(?:an?\s+)?` +
      String.raw`(?:(?:material|serious|gross|persistent|repeated|fundamental|good|just|valid|important|compelling)\s+)?(?:breach|cause|misconduct|dishonesty|fraud)\b|` +
      // A cause the law recognises, however qualified: "for good cause", "for just cause", "for an important reason" (wichtiger Grund).
      String.raw`\bfor\s+(?:an?\s+)?(?:good|just|valid|important|compelling)\s+(?:reasons?|grounds?)\b|\b(?:at|upon|on)\s+the\s+(?:end|expiry|expiration)\s+of\s+the\s+(?:term|lease|period)\b|` +
      // A breach or a default named as the condition: "if the Customer fails to pay", "should the Tenant breach this lease".
      String.raw`\b(?:if|where|should|in\s+the\s+event\s+(?:that\s+)?)\s+(?:[\w'’-]+\s+){0,6}?(?:breach\w*|fails?\s+to|defaults?|becomes?\s+insolvent|is\s+insolvent|` +
      // Or the other side's conduct: "if the Artist commits an offence", "engages in conduct that brings us into disrepute".
      String.raw`engages?\s+in|commits?|(?:is|are|gets?)\s+(?:convicted|charged|arrested)|brings?\s+(?:[\w'’-]+\s+){0,4}?into\s+(?:public\s+)?(?:disrepute|scandal|ridicule|contempt))\b)`,
    // Termination as the subject of what follows it, with no one given the right: "Termination for any reason shall not affect accrued rights".
    String.raw`${NO_RIGHT_TO_END}[^]*?\b(?:termination|cancellation|dismissal|expiry|expiration)\b[^.]{0,100}?\b(?:shall|will|does|do)\s+not\s+(?:affect|prejudice|relieve|release|limit|impair|waive)\b`,
    // What the one who cancels pays if it does, with no one given the right: "If the band cancels for any reason, a cancellation
    // charge of 100% is payable" is a penalty on the canceller, not a right to end at will.
    String.raw`${NO_RIGHT_TO_END}(?=[^]*\b(?:${CANCELLER_PAYS})\b)[^]*?` +
      String.raw`\b(?:if|should|where|in\s+(?:the\s+)?(?:event|case)(?:\s+that)?)\s+(?:[\w'’-]+\s+){1,3}?(?:cancel|terminat|withdraw)\w*\b`,
    // Ending for an important reason in German ("aus wichtigem Grund", "außerordentlich"), unless ordinary notice is given as well.
    String.raw`^(?![^]*${DE_START}(?:ordentlich|jederzeit|ohne\s+angabe))[^]*?(?:\bwichtig\w*\s+grund|\bau(?:ß|ss)erordentlich)`,
    // Rescission for breach in Spanish or Portuguese: "en caso de incumplimiento", "por violación", "por justa causa".
    String.raw`^(?![^]*(?:\bsin\s+(?:expresi[oó]n\s+de\s+)?(?:causa|motivo)|\bsem\s+(?:justa\s+)?causa|imotivad|discreci[oó]n|crit[eé]rio|qualquer\s+tempo|\bcualquier\s+(?:causa|motivo|raz[oó]n)))` +
      String.raw`[^]*?\b(?:incumpl|descumpr|inadimpl|violaci[oó]n|viola[cç][aã]o|justa\s+causa|causa\s+justificada)`,
    // Ending for breach in Italian or Dutch: "in caso di grave inadempimento", "per giusta causa", "wegens wanprestatie", "een
    // dringende reden".
    String.raw`^(?![^]*(?:\bsenza\s+(?:giusta\s+)?causa|\bin\s+(?:qualsiasi|ogni)\s+momento|\bad\s+nutum|\bzonder\s+opgave))[^]*?` +
      String.raw`\b(?:inadempi\w*|giusta\s+causa|gravi?\s+violazion\w*|wanprestatie|tekortkoming\w*|tekortschiet\w*|(?:dringende|gewichtige)\s+reden\w*|niet\s+nakom\w*)`,
    // Ending for a breach in French: "en cas de manquement grave", "pour faute grave", "en cas d'inexécution", "à défaut de paiement".
    String.raw`^(?![^]*(?:\bsans\s+(?:motif|cause|raison|justif)|(?<!${FR_LETTERS})[àa]\s+tout\s+moment|\bconvenance|\bdiscr[ée]tion|\bad\s+nutum))[^]*?` +
      String.raw`(?<!${FR_LETTERS})(?:manquements?|inex[ée]cution|faute\s+(?:grave|lourde)|non-?respect|d[ée]faut\s+de\s+paiement|impay[ée]s?|violation|juste\s+motif)${FR_END}`,
    // Ending for a breach or another ground in Japanese: "乙が本契約に違反したとき", "賃料の支払を怠ったとき", "次の各号のいずれかに該当したとき".
    JA_FOR_CAUSE,
  )))),
  namedByHeading(rule('governing_law', 'Governing law and jurisdiction', 'low', [
    String.raw`\bgoverned\s+by\b[^.]{0,60}\blaws?\b|\bgoverning\s+law\b|\blaws\s+of\b[^.]{0,60}\bgovern|\bconstrued\s+in\s+accordance\s+with\b|\bsubject\s+to\s+the\s+laws?\s+of\b`,
    // Where claims must be brought: "any action shall be brought exclusively in the state courts of Texas".
    String.raw`\b(?:brought|filed|heard|litigated)\s+(?:exclusively\s+|only\s+|solely\s+)?(?:in|before)\s+the\s+(?:[\w-]+\s+){0,3}courts?\b`,
    // "A court of competent jurisdiction" (severability boilerplate) chooses no court.
    String.raw`\b(?:exclusive|non-exclusive)\s+jurisdiction\b|\bsubmit\s+to\s+the\s+(?:\w+\s+)?jurisdiction\b|\bcourts?\s+(?:of|in|located\s+in)\s+(?!competent\s+jurisdiction)[^.]{0,60}\bjurisdiction`,
    // The law named by its adjective or place: "This Agreement is subject to Swiss law", "English law applies", "the law of
    // Ontario applies to this contract", "Applicable law: the laws of Ireland". Not a duty to obey "applicable law".
    String.raw`\b(?:agreements?|contracts?|terms|conditions|deals?|licen[cs]es?|orders?|engagements?|offers?)\b[^.]{0,60}?\b(?:is|are|be|remains?)\s+` +
      String.raw`subject\s+to\s+(?:the\s+)?(?!${GENERIC_LAW}\b)[\w-]+(?:\s+[\w-]+)?\s+laws?\b`,
    // Under a law, in plain words: "This agreement is under the laws of New South Wales", "the contract falls under Scottish law",
    // "this deal comes under Ontario law".
    String.raw`\b(?:agreements?|contracts?|terms|conditions|deals?|arrangements?|licen[cs]es?|this|it|everything)\b[^.]{0,40}?\b` +
      String.raw`(?:is|are|be|falls?|comes?|made|run|governed|written)\s+under\s+${NAMED_LAW}`,
    String.raw`\b(?!${GENERIC_LAW}\b)[\w-]+\s+law\s+(?:applies|shall\s+apply|will\s+apply|governs|shall\s+govern|will\s+govern|is\s+applicable)\b`,
    // The law named alone as an item of a list, as summaries state it: "Disputes: arbitration in Singapore; English law; …".
    String.raw`(?:^|[;:])\s*(?:the\s+)?(?:(?!(?:${GENERIC_LAW}|${NOT_A_LAW_NAME})\b)[\w-]+\s+){1,3}laws?\s*(?:[;,.]|$)`,
    String.raw`\blaws?\s+of\s+(?:the\s+)?(?:[\w-]+\s+){1,4}?(?:appl(?:y|ies)|shall\s+apply|will\s+apply)\s+(?:to\s+(?:this|the)\s+(?:agreement|contract|terms|deal)\b|exclusively\b|$)`,
    String.raw`\b(?:applicable|proper)\s+law\s*(?:[:.]|is|shall\s+be|will\s+be)\s*(?:the\s+)?(?:laws?\s+of\b|(?!${GENERIC_LAW}\b)[\w-]+(?:\s+[\w-]+)?\s+law\b)`,
    // Where disputes are heard, named in the civil-law way or by the courts' power: "Place of jurisdiction is Zürich",
    // "jurisdiction lies with the courts of Geneva", "the Zurich courts have jurisdiction", "the courts of Vienna are competent".
    String.raw`\b(?:place|seat|forum|court)s?\s+of\s+(?:jurisdiction|venue)\b|\bjurisdiction\s+(?:shall\s+|will\s+)?lies?\s+(?:exclusively\s+|solely\s+)?(?:with|in|at)\b|` +
      String.raw`\bforum\s+(?:for|of)\s+(?:any\s+|all\s+)?(?:disputes?|actions?|proceedings?|litigation|claims?)\b`,
    String.raw`\bcourts?\b[^.]{0,60}?\b(?:ha(?:ve|s)|shall\s+have|will\s+have)\s+(?:the\s+)?(?:sole\s+|exclusive\s+|non-exclusive\s+)?jurisdiction\b|` +
      String.raw`\bcourts?\b[^.]{0,60}?\b(?:are|is|shall\s+be|will\s+be)\s+(?:exclusively\s+|solely\s+)?competent\b|\bcompetent\s+courts?\s+(?:of|in|at|for|are|is|shall|will)\b`,
    // The venue of disputes, not the venue of an event: a court or a county, or disputes, law or jurisdiction in the same breath.
    String.raw`\bvenue\s+(?:for|of)\s+(?:any\s+)?(?:disputes?|actions?|proceedings?|litigation|suits?|claims?)\b|\b(?:exclusive|proper|sole)\s+venue\b|` +
      String.raw`\bvenue\s+(?:shall\s+be|is|lies)\b[^.]{0,60}\bcourts?\b`,
    // "Venue is Cook County", "venue shall be Zurich for all disputes"; "the venue is in the old town" is a place to meet.
    String.raw`${LEGAL_VENUE}\s+(?:exclusively\s+|solely\s+)?(?:(?:in|at)\s+)?(?:[\w-]+\s+){0,3}?(?:county|district|parish|canton|province)\b|` +
      String.raw`\b(?:law|disputes?|jurisdiction|litigation|lawsuits?)\b\.?[^.]{0,100}?${LEGAL_VENUE}|` +
      String.raw`${LEGAL_VENUE}[^.]{0,60}?\bfor\s+(?:any\s+|all\s+)?(?:disputes?|litigation|lawsuits?|legal\s+(?:actions?|proceedings?))\b`,
    // In Portuguese and Spanish: "regido pelas leis do Brasil", "se rige por las leyes de Chile", "la jurisdicción de los tribunales
    // de Madrid", "fica eleito o foro da Comarca de São Paulo" (a "foro" alone may be a web forum, a "comarca" alone a region).
    String.raw`\b(?:reg(?:e|ido|ida|er[aá])|rige|regir[aá]|regulad[oa]|gobernad[oa])\s+(?:por|pel[oa]s?)\s+(?:(?:las?|los?|as|os|o|a|el)\s+)?` +
      String.raw`(?:leyes|leis|legisla[cç][aã]o|legislaci[oó]n|derecho|direito)\b|\bjurisdi[cç](?:[aã]o|ci[oó]n)\b[^.]{0,40}?\b(?:tribunais|tribunales|juzgados|ju[ií]zos?|cortes)\b|` +
      String.raw`\bele(?:it[oa]|gem|ge|gen)\s+o\s+foro\b|\bforo\b[^.]{0,40}?\bcomarca\b`,
    // Submitting to a law or its courts, and waiving any other forum: "las partes se someten a las leyes y a los tribunales de",
    // "renuncian a cualquier otro fuero".
    String.raw`\bse\s+someten?\s+(?:expresamente\s+)?a\s+(?:las\s+leyes|la\s+legislaci[oó]n|la\s+jurisdicci[oó]n|los\s+(?:tribunales|juzgados))\b|` +
      String.raw`\brenunci${ES_LETTERS}*\s+(?:expresamente\s+)?a\s+(?:cualquier|todo)\s+otro\s+fuero\b`,
    // In German: "Gerichtsstand ist Berlin", "Erfüllungsort und Gerichtsstand", "es gilt deutsches Recht", "unterliegt dem Recht der
    // Bundesrepublik Deutschland", "anwendbares Recht".
    // In Dutch: "Nederlands recht is van toepassing", "toepasselijk recht", "de bevoegde rechter te Amsterdam".
    String.raw`\brecht\s+(?:is\s+)?van\s+toepassing\b|\btoepasselijk\s+recht\b|\bbevoegde\s+(?:rechter|rechtbank)\b|\bgeschillen\b[^.]{0,80}?\b(?:rechter|rechtbank)\b`,
    // In Italian: "è regolato dalla legge italiana", "legge applicabile", "foro competente", "è competente il Foro di Milano".
    String.raw`\b(?:regolat[oa]|disciplinat[oa]|rett[oa]|soggett[oa])\s+(?:dalla|alla)\s+legge\b|\blegge\s+applicabile\b|\bforo\s+competente\b|\bcompetente\b[^.]{0,40}?\bforo\b`,
    IT_LAW_APPLIES,
    // In French: "le présent contrat est soumis au droit français", "régie par le droit belge", "la compétence exclusive des tribunaux
    // de Nantes", "droit applicable" (not a duty to obey "la loi sur la protection des données").
    String.raw`\b(?:contrat|convention|accord|conditions)\b[^.]{0,60}?\b(?:r[ée]gie?s?|soumise?s?|gouvern[ée]e?s?)\s+(?:par\s+(?:le|la|les)|au|aux|[àa]\s+la)\s+` +
      String.raw`(?:droit|loi|lois|l[ée]gislation)${FR_END}|\bcomp[ée]tence\s+(?:exclusive\s+)?(?:du|des|de\s+la|de\s+l['’])\s*(?:tribunal|tribunaux|juridictions?|cour)\b|` +
      String.raw`\b(?:tribunal|tribunaux|juridictions?)\s+comp[ée]tents?\b|\battribution\s+de\s+(?:comp[ée]tence|juridiction)\b|\b(?:droit|loi)\s+applicable\b`,
    String.raw`\bgerichtsstand\b|\banwendbares\s+recht\b|\b(?:es\s+gilt|unterlieg(?:t|en))\s+(?:ausschlie(?:ß|ss)lich\s+)?(?:das\s+|dem\s+)?(?:${DE_WORD}\s+)?recht\b` +
      String.raw`(?:\s+der\s+bundesrepublik|\s+(?:des|der)\s+(?:landes|staates|schweiz|republik))?`,
    // In Japanese: "本契約の準拠法は日本法とする", "日本法に準拠する", "東京地方裁判所を第一審の専属的合意管轄裁判所とする".
    String.raw`準拠法|法(?:令|律)?に準拠|管轄裁判所|合意管轄|専属(?:的)?管轄|管轄(?:権)?を有する|の管轄に(?:服|属)|裁判所の管轄|裁判所を(?:第一審の)?管轄`,
  ], 'Check that the governing law and courts are ones you can reasonably litigate in; prefer your home jurisdiction.')),
  rule('perpetual_confidentiality', 'Perpetual confidentiality', (s) => (SECRET_WHILE_SECRET.test(s) ? 'low' : 'medium'), [
    String.raw`(?:\b(?:confiden(?:tial\w*|ce)|secre(?:cy|t)|non-?disclosure)\b|${DE_SECRECY})[^]*\b(?:${ENDLESS})\b`,
    String.raw`\b(?:${ENDLESS})\b[^]*(?:\bconfidential|${DE_SECRECY})`,
    // Survival clauses refer to the confidentiality clause by number; survival without end is this risk.
    String.raw`\bsurviv\w*\b[^.]{0,80}\b(?:${ENDLESS}|without\s+(?:any\s+)?limit)`,
    // The same in German: "Diese Pflicht gilt zeitlich unbegrenzt über das Ende dieses Vertrags hinaus", "besteht nach Vertragsende unbefristet fort".
    String.raw`(?:${DE_ENDLESS})[^.]{0,80}?${DE_SURVIVES}|${DE_SURVIVES}[^.]{0,80}?(?:${DE_ENDLESS})`,
    // In Portuguese, Spanish, Italian and Dutch: a duty that survives with no end ("Esta obrigação subsiste por tempo indeterminado"),
    // or secrecy kept so ("riservate senza limiti di tempo").
    String.raw`\b(?:subsist|sobreviv|perdur|sopravviv)${IT_LETTERS}*[^.]{0,80}?(?:${FOREIGN_ENDLESS})|` +
      // The secrecy may be named by the heading ("Confidencialidad. Esta obligación se mantendrá indefinidamente").
      String.raw`\b(?:confidencial|sigil|riservat|segret|vertrouwelijk|geheim|secret(?:o|os|a|as)\b|segred)\w*[^]{0,300}?(?:${FOREIGN_ENDLESS})`,
    // In French, secrecy kept with no end, either way round: "garde confidentielles les informations sans limitation de durée", "pour une
    // durée illimitée, le secret professionnel".
    String.raw`(?<!${FR_LETTERS})(?:confidenti|secr[eè]t)${FR_LETTERS}*[^]{0,300}?(?:${FR_ENDLESS})|(?:${FR_ENDLESS})[^.]{0,120}?(?<!${FR_LETTERS})(?:confidenti|secr[eè]t)`,
    String.raw`\b(?:confidential\w*|secre\w*)\b[^.]{0,80}\b(?:as|so)\s+long\s+as\b[^.]{0,60}\b(?:remains?|is|stays?)\b`,
    // "… confidential while they remain trade secrets", "until it ceases to be a trade secret": secret while secret.
    String.raw`\b(?:confidential\w*|secre\w*)\b[^.]{0,80}?\b${TRADE_SECRET_LIFE}[^.]{0,40}?\btrade\s+secrets?\b`,
    // Trade secrets guarded for as long as they stay secret, however long their definition in between: "Information constituting
    // trade secrets within the meaning of the Act … shall be protected for as long as it remains a trade secret" (not "for as long
    // as the Baker works for the Bakery").
    String.raw`\btrade\s+secrets?\b[^.]{0,200}?\b${TRADE_SECRET_LIFE}[^.]{0,40}?\b(?:secrets?|secrecy|confidential)\b`,
    // A duty of secrecy that runs "at any time thereafter" has no end: "shall not, during employment or at any time
    // thereafter, disclose", "must not reveal it at any time after the engagement", "keep it confidential … and at any time
    // afterwards". A right "at any time after termination" (to ask for the documents back) is no duty of secrecy.
    String.raw`\b(?:not|never)\b[^.]{0,100}?\b${ANY_TIME_AFTER}\b[^.]{0,100}?\b${DISCLOSE}`,
    String.raw`\b(?:not|never)\s+(?:[\w,]+\s+){0,6}?${DISCLOSE}\b[^.]{0,120}?\b${ANY_TIME_AFTER}`,
    String.raw`\b(?:keep|hold|maintain|treat|preserv)\w*\b[^.]{0,60}?\b(?:confiden\w*|secre\w*)\b[^.]{0,80}?\b${ANY_TIME_AFTER}`,
    // In plain words: "our prices stay between us forever", "don't tell anyone our recipes, even after you leave".
    String.raw`\b${KEPT_SECRET}[^.]{0,120}?\b(?:${ENDLESS})\b|\b(?:${ENDLESS})\b[^.]{0,120}?\b${KEPT_SECRET}`,
    String.raw`^(?![^]*${FIXED_PERIOD})[^]*?\b(?:${KEPT_SECRET}[^.]{0,120}?${EVEN_AFTER_END}|${EVEN_AFTER_END}[^.]{0,120}?\b${KEPT_SECRET})`,
    // In Japanese: secrecy with no end ("秘密保持. 本条の義務は、本契約終了後も期間の定めなく存続する。"), or a duty that survives so
    // ("無期限に存続する"); "終了後3年間存続する" has its end.
    String.raw`${JA_SECRECY}[^]{0,300}?(?:${JA_ENDLESS})|(?:${JA_ENDLESS})[^]{0,300}?${JA_SECRECY}|(?:${JA_ENDLESS})${JA_ANY}{0,20}?(?:存続|有効|効力を有)`,
  ], 'Limit confidentiality to a fixed period (2 to 5 years is common), keeping trade secrets protected while secret.'),
  rule('ip_assignment', 'Intellectual property assignment', (s) => (BEYOND_WORK.test(s) ? 'high' : 'medium'), [
    String.raw`\b(?:assigns?|transfers?)\b[^.]{0,80}\b(?:right,?\s+title\s+and\s+interest|intellectual\s+property|inventions?|copyrights?|work\s+product|all\s+rights)`,
    String.raw`\bworks?\s+made\s+for\s+hire\b`,
    // The assignment of another clause carried on to more works: "The assignment in clause 3.1 extends to any code libraries …
    // created by the Contractor prior to …", "This assignment also covers materials" (not "the assignment of this Agreement").
    String.raw`\b(?:the|this|that|such)\s+(?:foregoing\s+|above\s+)?assignment\s+(?:(?:in|under|made\s+(?:in|under)|set\s+out\s+in)\s+(?:clauses?|sections?|paragraphs?|articles?)\s+[\w.()]+\s+)?` +
      String.raw`(?:(?:shall|will|also)\s+){0,2}(?:extends?|appl(?:y|ies)|covers?|includes?)\b[^.]{0,200}?\b(?:${WORKS})\b`,
    // The works conveyed named instead of the rights in them: "further assigns to the Company all designs, characters and other works
    // of authorship", "hereby assigns all photographs to the Magazine" (not work handed out: "assigns all design tasks to the team",
    // "assigns each illustration to a colourist").
    String.raw`\b(?:assigns?\s+(?:and\s+transfers?\s+)?to\s+(?:the\s+)?[\w-]+|hereby\s+(?:irrevocably\s+)?assigns?)\s+${ALL_THE_WORKS}`,
    // Said from the side that takes them, as civil-law contracts do: "the Client acquires the author's economic rights to all works",
    // "the Studio obtains the copyright in the designs", "takes over ownership of the illustrations" (not a right to use the
    // software, nor copyright clearance for the music; ownership of "the Works" may be a building, so only of a creation).
    String.raw`\b(?:acquir(?:e|es|ed|ing)|obtain(?:s|ed|ing)?|tak(?:e|es|ing)\s+over)\s+(?:[\w'’-]+\s+){0,3}?(?:` +
      String.raw`(?:copyrights?|(?:economic|proprietary|exploitation|author['’]?s['’]?|intellectual\s+property)\s+rights?)\s+(?:to|in|of|over)\s+(?:[\w'’-]+\s+){0,4}?(?:${WORKS})|` +
      String.raw`(?:ownership|title)\s+(?:to|in|of|over)\s+(?:[\w'’-]+\s+){0,4}?(?:${ARTWORKS}|translations?|inventions?))\b`,
    // Passive or intransitive: "all work product … is assigned to the Client", "all rights … transfer to the Client".
    String.raw`\b(?:intellectual\s+property|inventions?|work\s+product|copyrights?|deliverables|rights|ownership|title)\b[^.]{0,120}\b` +
      String.raw`(?:(?:is|are|shall\s+be|will\s+be)\s+(?:hereby\s+)?(?:assigned|transferred)|transfers?|pass(?:es)?)\s+to\b`,
    String.raw`\b(?:intellectual\s+property|inventions?|work\s+product|copyrights?|deliverables)\b[^.]{0,80}\b(?:shall|will)\s+(?:be\s+|become\s+)?` +
      String.raw`(?:(?:the\s+)?(?:sole\s+and\s+exclusive|sole|exclusive)\s+property|owned\s+(?:exclusively\s+|solely\s+)?by|vest\s+in|belong\s+(?:exclusively\s+|solely\s+)?to)`,
    String.raw`\b(?:intellectual\s+property|inventions?|work\s+product)\b[^.]{0,80}\b(?:is|are)\s+(?:the\s+)?(?:sole\s+and\s+exclusive|sole|exclusive)\s+property`,
    // Creations made by one side that pass to the other by any verb of ownership, however long the list between: "All inventions,
    // discoveries, methods and works conceived or made by the Employee …, whether or not …, shall be the sole and exclusive
    // property of the Employer", "translations … created by the Translator … shall become the exclusive property of the
    // Agency", "recipes … developed by the Employee … shall belong to the Employer" (not "shall remain the property of the
    // Consultant", nor glossaries "compiled by the Translator" that "belong to the Translator").
    // Made or not, a creation that changes hands after a long list of qualifiers is one too: "All artwork delivered, plus any
    // pre-existing sketches of the Artist used in it, become the sole property of the Studio".
    String.raw`\b(?:${WORKS}\b[^.]{0,80}?\b(?:${CONCEIVE})\b[^.]{0,200}?\b${PASSES_TO}|${CHANGES_HANDS})\s+(?!${MAKER})${NOT_THE_MAKER}`,
    String.raw`\b(?:intellectual\s+property|inventions?|work\s+product|copyrights?|deliverables)\b[^.]{0,100}\b(?:belongs?|vests?)\s+(?:exclusively\s+|solely\s+)?(?:to|in)\b`,
    // "Everything I make for the client … belongs to the client."
    String.raw`^(?:everything|anything|all\s+(?:work|materials?|content|ideas|designs?))\b[^.]{0,120}\b(?:belongs?|will\s+belong|is\s+owned\s+by)\s+(?:exclusively\s+|solely\s+)?to\b`,
    // What you make for them is theirs, in plain words: "any new recipes you come up with for us belong to us", "photos you
    // take at our events are ours". The making is what says it is an assignment, not their own site's content.
    String.raw`\b(?:${CREATIONS})\b[^.]{0,40}?\b(?:(?:you|he|she|they)\s+(?:[\w'’-]+\s+){0,2}?)?${CREATE}\b[^.]{0,60}?\b${OURS}`,
    // Pictures are taken or shot ("anything you take" from the premises is no creation).
    String.raw`\b(?:photos?|photographs?|pictures?|images?|videos?|footage|shots)\b[^.]{0,40}?\b(?:take[sn]?|took|shoot|shoots|shot|film(?:s|ed)?)\b[^.]{0,60}?\b${OURS}`,
    // Owned outright by someone other than its maker ("once paid, the Studio owns the artwork outright"), or theirs in plain words
    // ("the tracks are ours"); the maker owning its own work is no assignment.
    String.raw`(?<!\b${MAKER}\s+(?:still\s+|also\s+|then\s+)?)\b(?:owns?|(?:will|shall)\s+own)\s+(?:(?:all|any|each|every)\s+(?:of\s+)?)?${THESE}\s+` +
      String.raw`(?:[\w-]+\s+){0,3}?(?:${ARTWORKS})\b[^.]{0,40}?\b(?:outright|absolutely|exclusively|solely|wholly|entirely|in\s+full)\b`,
    String.raw`\b${THESE}\s+(?:[\w-]+\s+){0,2}?(?:${ARTWORKS})\s+(?:are|is|will\s+be|becomes?)\s+(?:then\s+|all\s+|entirely\s+)?ours\b`,
    // Handing the rights over: "you hand over all rights to them", "sign over the copyright", "give us all rights".
    String.raw`\b(?:hand(?:s|ed|ing)?|sign(?:s|ed|ing)?|give[sn]?|giving|gave|pass(?:es|ed|ing)?|turn(?:s|ed|ing)?)\s+(?:[\w-]+\s+){0,2}?over\s+(?:all\s+|any\s+|the\s+|your\s+|full\s+)?` +
      String.raw`(?:[\w-]+\s+)?(?:rights?|copyrights?|intellectual\s+property)\b`,
    String.raw`\b(?:give|gives|giving|grant|grants|granting)\s+(?:us|me|the\s+\w+)\s+(?:all\s+(?:the\s+)?|full\s+|complete\s+|exclusive\s+)(?:rights?|copyrights?|ownership)\b(?!\s+to\s+use)`,
    // In Spanish and Portuguese: ceding the economic or author's rights ("cede a LA MARCA los derechos patrimoniales sobre las fotografías",
    // "transmite los derechos de autor", "cesión de los derechos patrimoniales"); ceding the use of premises is no assignment of work.
    String.raw`${ES_CEDES}[^.]{0,100}?\b${ES_WORK_RIGHTS}|\b${ES_WORK_RIGHTS}[^.]{0,100}?${ES_RIGHTS_CEDED}|\bcesi[oó]n\s+(?:total\s+|exclusiva\s+)?de\s+(?:(?:todos\s+)?los\s+)?${ES_WORK_RIGHTS}|` +
      String.raw`\bcess[aã]o\s+(?:total\s+)?(?:de\s+|dos\s+)?${ES_WORK_RIGHTS}`,
    // Or the works themselves: "las recetas y creaciones del trabajador … quedan cedidas a la Empresa".
    ES_WORKS_CEDED,
    // In Dutch, rights in works passed over, in the passive or the active: "alle rechten op werken die de werknemer maakt, worden
    // overgedragen aan de werkgever", "het auteursrecht … wordt overgedragen", "draagt alle intellectuele eigendomsrechten over aan"
    // (not "wordt niet overgedragen").
    String.raw`\b(?:rechten|auteursrecht(?:en)?|eigendomsrechten|intellectuele\s+eigendom\w*|intellectueel\s+eigendom)\b[^.]{0,160}?\b(?:worden|wordt|zijn|is|zullen\s+worden|zal\s+worden)\s+` +
      String.raw`(?:hierbij\s+|bij\s+deze\s+|automatisch\s+|volledig\s+)?overgedragen\b|\bdraagt\b[^.]{0,40}?\b(?:rechten|auteursrecht(?:en)?|eigendomsrechten|intellectuele\s+eigendom\w*)\b[^.]{0,80}?\bover\s+aan\b`,
    // In Italian: works made that "diventano di proprietà esclusiva dello Studio" (kept: "restano di proprietà"), or economic rights ceded.
    String.raw`\b(?:opere|contenuti|video|materiali|sequenze|testi|fotografie|foto|immagini|registrazioni|disegni|progetti|elaborati|software|codice|` +
      String.raw`creazioni|invenzioni|playlist|brani|musiche)\b[^.]{0,160}?\b(?:divent(?:a|ano|er[aà]|eranno)|passa(?:no)?\s+in)\s+(?:di\s+)?propriet[aà]\s+` +
      String.raw`(?:esclusiva\s+)?(?:di|del|dello|della|dei|degli|delle)\b|\bced(?:e|ono|er[aà]|eranno)\b[^.]{0,100}?\bdiritti\s+(?:d['’]autore|di\s+(?:utilizzazione|sfruttamento)|patrimoniali)`,
    // In German: transferring the rights in the works ("überträgt der Agentur an allen … Übersetzungen sämtliche Rechte", "überträgt
    // die Nutzungsrechte"), or granting the exclusive rights of use ("räumt … die ausschließlichen Nutzungsrechte ein"); the rights and
    // duties of the contract passed on to a third party are no work's, and a simple right of use is a licence.
    String.raw`${DE_START}[uü]bertr[aä]g\w*(?=[^.]{0,200}?rechte?\b)[^.]{0,200}?\ban\s+(?:de[nmr]|die|das|allen|s[aä]mtlich\w*|jede[mnrs]?)\b|` +
      String.raw`${DE_START}[uü]bertr[aä]g\w*[^.]{0,160}?${DE_WORK_RIGHTS}|\b(?:r[aä]umt|einr[aä]um\w*|einzur[aä]umen|einger[aä]umt)\b[^.]{0,160}?` +
      String.raw`\bausschlie(?:ß|ss)lich\w*[^.]{0,80}?${DE_WORK_RIGHTS}`,
    // Or the rights in the works passing over with no giver named: "Sämtliche Rechte an den Entwürfen gehen auf die Agentur über".
    String.raw`${DE_RIGHTS_IN_WORKS}[^.]{0,200}?(?:${DE_PASSES_OVER})`,
    // In French: the rights in works ceded ("L'Influenceuse cède à la Marque les droits de reproduction et de diffusion des contenus",
    // "la cession exclusive des droits d'auteur", "les droits patrimoniaux … sont cédés à l'Éditeur"), or the works made becoming the
    // other side's ("les maquettes … deviennent la propriété exclusive du Client"); not ceding the contract's rights and obligations.
    String.raw`${FR_CEDES}[^.]{0,100}?${FR_WORK_RIGHTS}|\bcession\s+(?:${FR_WORD}\s+){0,2}?(?:de\s+|des\s+|d['’]\s?)(?:${FR_WORD}\s+){0,3}?${FR_WORK_RIGHTS}|` +
      String.raw`${FR_WORK_RIGHTS}[^.]{0,120}?(?<!${FR_LETTERS})(?:sont|seront|est|sera)\s+(?:ainsi\s+|automatiquement\s+|int[ée]gralement\s+|d[ée]finitivement\s+)?` +
      String.raw`(?:c[ée]d[ée]s?|transf[ée]r[ée]s?)${FR_END}|${FR_WORKS}[^.]{0,160}?(?<!${FR_LETTERS})(?:deviennent|deviendront|devient|deviendra)\s+(?:la\s+)?` +
      String.raw`propri[ée]t[ée]\s+(?:exclusive\s+|pleine\s+et\s+enti[èe]re\s+)?(?:de|du|des|d['’])`,
    // In Japanese: the rights in a work transferred ("翻訳物の著作権は、納品と同時に乙から甲に移転する", "知的財産権を甲に譲渡する"; not
    // "譲渡しない", nor the contract's "権利義務" passed on), or a work made that then belongs to the side it was made for ("従業員が作成
    // した著作物に関する一切の権利は会社に帰属する"), not to its maker (exempt below).
    String.raw`${JA_WORK_RIGHTS}${JA_ANY}{0,150}?(?:移転|譲渡)(?:する|し|され|させ|す)${JA_NOT_AFTER}|` +
      String.raw`${JA_MADE}${JA_ANY}{0,120}?(?:${JA_WORK_RIGHTS}|権利)${JA_ANY}{0,60}?${JA_COMMISSIONER}に(?:帰属|移転)${JA_NOT_AFTER}`,
  ], 'Carve out pre-existing IP and work made on your own time and equipment; consider a licence instead of an assignment.',
  new RegExp(JA_MAKER_KEEPS)),
  rule('penalties', 'Penalties and late-payment charges', (s) =>
    (PENALTY.test(s) || PER_PERIOD_OF_DELAY.test(s) || REST_OF_TERM_OWED.test(s) || BALANCE_OWED_ON_ENDING.test(s) || ES_REST_OF_TERM_OWED.test(s) ||
    FR_REST_OF_TERM_OWED.test(s) || WHOLE_PRICE_ON_CANCELLING.test(s) || WHOLE_PRICE_ON_LATE_CANCELLATION.test(s) || WHOLE_FEE_BACK_AND_MORE.test(s) || monthlyRate(s) >= 2 ? 'high' : 'medium'), [
    REST_OF_TERM_OWED.source,
    WHOLE_FEE_BACK_AND_MORE.source,
    BALANCE_OWED_ON_ENDING.source,
    WHOLE_PRICE_ON_CANCELLING.source,
    WHOLE_PRICE_ON_LATE_CANCELLATION.source,
    ES_REST_OF_TERM_OWED.source,
    FR_REST_OF_TERM_OWED.source,
    String.raw`\bliquidated\s+damages\b|${NAMED_PENALTY}|\bcl[aá]usula\s+penal\b|${DE_PENALTY}|${NL_PENALTY}|${IT_PENALTY}|${FR_PENALTY}`,
    // In Japanese: a penalty by name ("違約金"), late-payment damages or interest ("年14.6％の遅延損害金", "延滞金"), a sum a day of delay.
    JA_PENALTY,
    JA_LATE_CHARGE,
    JA_PER_DAY_LATE,
    // In French, interest or charges for paying late: "intérêts de retard au taux de 1 % par mois".
    FR_LATE_CHARGE,
    // In Italian: "interessi di mora del 3% al mese".
    IT_LATE_CHARGE,
    // A fine in Portuguese or Spanish ("multa de R$ 500,00", "una penalidad de 200 euros"), with its sum or what it is for: "multas
    // de trânsito" are the road's, not the contract's.
    String.raw`\b${FOREIGN_PENALTY}\b[^.]{0,40}?(?:\d|\b(?:atraso|retraso|demora|rescis\w*|incumpl\w*|descumpr\w*|inadimpl\w*)\b)`,
    String.raw`\blate\s+(?:payment\s+)?(?:fees?|charges?|surcharges?)\b|\binterest\s+at\s+(?:a\s+rate\s+of\s+)?\d`,
    String.raw`\b${LATENESS}\b[^.]{0,80}\b(?:interest|fees?|charges?|surcharges?)\b[^.]{0,40}\d`,
    String.raw`\b${LATENESS}\b[^.]{0,80}\d[^.]{0,20}\b(?:surcharges?|fees?|charges?|interest)\b`,
    String.raw`\b(?:interest|fees?|charges?|surcharges?)\b[^.]{0,40}\b\d+(?:[.,]\d+)?\s*%[^.]{0,60}\b(?:${LATENESS}|due\s+date)`,
    // Charged on the late sum, rate or not: "interest on all arrears at 4% per month", "a fee on overdue accounts".
    String.raw`\b(?:interest|fees?|charges?|surcharges?)\b[^.]{0,30}?\b(?:on|upon|in\s+respect\s+of)\s+(?:[\w-]+\s+){0,3}?${LATENESS}\b`,
    // Interest named for what it is charged on, with no rate: "statutory interest for delay", "interest for late payment", "default
    // interest", "moratory interest" (no "interest in delaying" anything).
    String.raw`\binterest\s+(?:for|on|in\s+respect\s+of|due\s+to)\s+(?:the\s+|any\s+)?(?:delay(?:ed)?|late(?:ness)?|default(?:ed)?)\b|` +
      String.raw`\b(?:default|moratory|penalty|late[\s-]payment)\s+interest\b`,
    // The same in Spanish and Portuguese: "intereses moratorios", "interés de mora", "juros de mora".
    String.raw`\bintereses?\s+moratorios?\b|\binter[eé]s\s+(?:de\s+)?mora\b|\bjuros\s+(?:de\s+mora|morat[oó]rios)\b`,
    // A charge for lateness in Spanish and Portuguese, either way round: "el retraso en el pago devengará un recargo del 10%",
    // "juros de 1% ao mês sobre parcelas em atraso" (not a "recargo" for delivery, nor interest "vencidos", which are only due).
    String.raw`\b(?:retraso|demora|atraso|mora|impago)\b[^.]{0,80}?\b(?:recargos?|intereses?|inter[eé]s|juros|acr[eé]scimos?)\b|` +
      String.raw`\b(?:recargos?|intereses?|inter[eé]s|juros|acr[eé]scimos?)\b[^.]{0,60}?(?:\b(?:en|em|de)\s+(?:mora|atraso|demora|retraso)\b|\bpor\s+(?:el\s+|o\s+)?(?:retraso|atraso|demora)\b|\b(?:impag|atrasad)${ES_LETTERS}*)`,
    // And in German: "Verzugszinsen", "Verzugspauschale", "Säumniszuschlag", "Mahngebühren", interest or fees "bei Zahlungsverzug".
    // And in Dutch: "bij te late betaling … rente", "rente over achterstallige bedragen", "wettelijke (handels)rente".
    String.raw`${NL_PAID_LATE}[^.]{0,100}?\b(?:rente|kosten|vergoeding|boete)\b|` +
      String.raw`\brente\b[^.]{0,80}?(?:${NL_PAID_LATE}|\bachterstallig\w*)|\bwettelijke\s+(?:handels)?rente\b|\bvertragingsrente\b`,
    String.raw`\bverzugs(?:zins|pauschal|schaden)\w*|\bs[aä]umniszuschl[aä]g\w*|\bmahngeb[uü]hr\w*|\bzahlungsverzug\w*\b[^.]{0,80}?(?:zins|geb[uü]hr|zuschl[aä]g|pauschal)\w*`,
    // A sum per day of delay is liquidated damages, whatever it is called.
    String.raw`\bpay\w*\b[^.]{0,60}\d[^.]{0,30}\b(?:for\s+)?(?:each|every|per|a)\s+(?:day|week)\s+(?:of\s+)?(?:delay|late(?:ness)?)\b`,
    // A sum added for paying late, in plain words: "if you're late paying it's £20 extra", "£15 more for every day it's overdue".
    String.raw`\b${PAID_LATE}\b[^.]{0,80}?${MONEY}[^.]{0,20}?(?:\b(?:extra|more|on\s+top|added|surcharge)\b|\b(?:each|every|per|a)\s+(?:day|week)\b)`,
    // Or taken off for each period late: "10% of the fee is deducted per week the cargo is late", "for every 15 mins you're late
    // starting we take £50 off the fee".
    String.raw`${SUM_OR_SHARE}[^.%]{0,40}?\b(?:each|every|per)\s+${DELAY_PERIOD}[^.]{0,30}?\b${LATE}\b`,
    // Or the lateness first: "if you finish late we deduct R2 500 per day", "should handover be delayed, £400 a day comes off".
    String.raw`\b${LATE}\b[^.]{0,60}?${SUM_OR_SHARE}[^.%]{0,40}?\b(?:for\s+)?(?:each|every|per|a)\s+${DELAY_PERIOD}`,
    String.raw`\b(?:each|every)\s+${DELAY_PERIOD}[^.]{0,30}?\b(?:late|overdue|delay\w*|${PAST_THE_DATE})\b[^.%]{0,60}?${SUM_OR_SHARE}`,
    // "Each day of delay" names the measure itself, so the delayed work may be described at length between it and the sum taken:
    // "for each week of delay in completing the fit-out beyond the agreed handover date, the Owner may retain R5 000", "may
    // withhold £120 of the fee, counted from the opening night, for every day of lateness" (a delay that only moves a date takes nothing).
    String.raw`\b(?:each|every|per)\s+${DELAY_PERIOD}\s+of\s+(?:delay|lateness)\b[^.%]{0,120}?\b${TAKEN}\b[^.%]{0,30}?${SUM_OR_SHARE}|` +
      String.raw`\b${TAKEN}\b[^.%]{0,30}?${SUM_OR_SHARE}[^.%]{0,120}?\b(?:each|every|per)\s+${DELAY_PERIOD}\s+of\s+(?:delay|lateness)\b`,
  ], 'Check that the amount is a genuine pre-estimate of loss, cap it, and make it the only remedy for that breach.'),
  rule('exclusivity', 'Exclusivity', 'medium', [
    String.raw`\bon\s+an\s+exclusive\s+basis\b|\bexclusivity\b|\bexclusividade?\b|${DE_START}exklusivit[aä]t(?![\wäöüß])|(?<!${FR_LETTERS})exclusivit[ée]${FR_END}`,
    // In German, at the other side's sole disposal ("steht der Agentur exklusiv zur Verfügung", "ausschließlich … zur Verfügung"), or work
    // for third parties needing its consent ("Aufträge für Dritte bedürfen der Zustimmung").
    String.raw`${DE_START}(?:exklusiv|ausschlie(?:ß|ss)lich)\w*\s+(?:${DE_WORD}\s+){0,3}?zur\s+verf[uü]gung\b|` +
      String.raw`(?:auftr[aä]g|t[aä]tigkeit|engagement)\w*\s+(?:f[uü]r\s+|von\s+)?dritte[rn]?\b[^.]{0,80}?\b(?:zustimmung|einwilligung|genehmigung|erlaubnis)\b`,
    // In French, a supplier named by its trade as the exclusive one ("un traiteur exclusif"), or outside ones barred ("aucun
    // photographe extérieur ne peut intervenir"); "la jouissance exclusive" of a place is its exclusive use.
    String.raw`(?<!${FR_LETTERS})${FR_TRADE}\s+exclusi(?:f|fs|ve|ves)${FR_END}|` +
      String.raw`\baucune?\s+(?:${FR_WORD}\s+){0,5}?(?:ext[ée]rieur|externe|tiers)(?:e|s|es)?\s+(?:${FR_WORD}\s+){0,3}?(?:n['’]\s?est|ne\s+(?:sont|peut|peuvent|sera|seront|pourra|pourront))\s+` +
      String.raw`(?:pas\s+)?(?:admis|autoris|accept|accueilli|intervenir|utilis|engag|retenu)`,
    // Buying only from the other side in Portuguese or Spanish: "obriga-se a adquirir exclusivamente ao Franqueador", "comprará
    // únicamente al Proveedor" (not "exclusivamente a fornecedores aprovados", a quality rule).
    String.raw`\b(?:adquir|compr|abastec|obt)${ES_LETTERS}*(?:-se)?\s+(?:${ES_LETTERS}+\s+){0,4}?(?:exclusivamente|[uú]nicamente|somente|apenas|s[oó]lo)\s+` +
      String.raw`(?:ao|à|a|do|da|de|junto\s+d[oae]|al|del)\s+(?!(?:${ES_LETTERS}+\s+)?(?:fornecedor(?:es)?|proveedor(?:es)?|marcas?)\b)`,
    // And in French: "s'approvisionner en café exclusivement auprès du Fournisseur", "achète ses vins uniquement chez le Caviste".
    FR_SOLE_SOURCE,
    // The exclusive one of its kind, however qualified, or an exclusive grant: "its exclusive distributor", "its exclusive brand
    // ambassador", "an exclusive licence", "the exclusive right to sell" (not "non-exclusive", "exclusive of VAT", "exclusive use").
    String.raw`(?<![\w-])exclusive\s+(?!(?:of|use)\b)(?:[\w-]+\s+){0,2}?(?:provider|supplier|vendor|distribut(?:or|ion|orship)|agent|agency|relationship|dealing|` +
      String.raw`arrangement|ambassador|representative|partner(?:ship)?|stockist|reseller|dealer|retailer|artist|sponsor(?:ship)?|licen[cs]e|endorsement|` +
      String.raw`representation|appointment|rights?\s+to\s+(?:use|sell|distribute|market|provide|license|licence|exploit|represent|sponsor|promote|broadcast|` +
      String.raw`publish|stream|reproduce))\b`,
    // A supplier named by its trade: "the exclusive caterer for the event", "the exclusive photographers at the wedding", and as
    // someone's own, "are our exclusive caterer", "the estate's exclusive florists" (whose exclusive use of a room is no supplier).
    String.raw`(?<![\w-])exclusive\s+(?!(?:of|use)\b)(?:[\w-]+\s+)?${STAFF}\s+(?:for|at|of|to|on)\b|` +
      String.raw`\b(?:our|their|its|his|her|your|the\s+[\w-]+['’]s)\s+(?:(?:sole|only|official)\s+(?:and\s+)?)?exclusive\s+(?!(?:of|use)\b)(?:[\w-]+\s+)?${STAFF}\b`,
    // Suppliers from outside barred: "no external caterers or bar services may be used", "no outside florists may be brought in", and
    // said as not permitted, with or without its verb: "no outside caterers or food vendors permitted" (not what they may do there:
    // "no outside caterers are allowed to use the kitchen").
    String.raw`\bno\s+(?:external|outside|third[\s-]party)\s+(?:[\w-]+\s+)?(?:${STAFF}|suppliers?|vendors?|providers?|contractors?|traders?)\b` +
      String.raw`[^.]{0,60}?(?:\b(?:may|can|shall|will|are\s+(?:allowed|permitted))\s+(?:be\s+)?` +
      String.raw`(?:used|engaged|hired|brought|booked|employed|admitted)\b|\b(?:(?:are|is|will\s+be)\s+)?(?:permitted|allowed|admitted|accepted)\b(?!\s+to\b))`,
    // Appointed or named as the exclusive one, whatever it is called: "appoints the Creator as its exclusive brand ambassador".
    // The verb, not the job it names ("this appointment is subject to the exclusive jurisdiction of the courts" chooses a forum).
    String.raw`\b(?:appoint(?:s|ed|ing)?|engag(?:e|es|ed|ing)|nam(?:e|es|ed|ing)|retain(?:s|ed|ing)?|designat(?:e|es|ed|ing))\b[^.]{0,60}?\b(?:as\s+)?` +
      String.raw`(?:its|their|his|her|our|the|an?)\s+(?:sole\s+(?:and\s+)?)?exclusive\s+(?!(?:of|${FORUM})\b)[\w-]`,
    // Hiring or buying from anyone else (working with anyone else is read below, where a non-compete takes it).
    String.raw`\bshall\s+not\s+(?:engage|retain|use|purchase\s+from|contract\s+with)\s+any\s+(?:other|third)\b`,
    String.raw`\bonly\s+(?:buy|purchase|source|order|use|sell)\b[^.]{0,80}\b(?:no\s+one|nobody|no\s+other${NOT_A_PARTY}\s+\w+)\s*(?:else)?\b`,
    // Dealing only with the other side, in plain words: "you only trade at events we run, not with any other organiser",
    // "you'll only buy your flour from us", "only work for us".
    String.raw`\bonly\s+(?:[\w'’-]+\s+){0,2}?${DEAL_VERB}\b[^.]{0,80}?\b(?:not|never|nor)\s+(?:[\w-]+\s+){0,2}?(?:with|to|from|for|through|via|at|by)\s+${OTHER_PARTY}`,
    String.raw`\b(?:only|exclusively|solely)\s+${DEAL_VERB}\s+(?:[\w-]+\s+){0,2}?(?:with|from|to|for|through|via|at|in|on)\s+(?:[\w-]+\s+){0,3}?(?:us|me|we|our|ours)\b`,
    // The adverb after the dealing, with the other side named: "agrees to work exclusively with the Brand".
    String.raw`\b${DEAL_VERB}\s+(?:[\w-]+\s+){0,2}?(?:exclusively|solely)\s+(?:with|from|to|for|through|via|at)\s+${ONE_PARTY}`,
    // A requirements deal: all of its supply from one source.
    String.raw`\b(?:purchase|buy|source|order|obtain)\w*\s+all\s+(?:of\s+)?(?:its|their|his|her|your|our|the)\b[^.]{0,80}\bfrom\b|\b(?:from|for|with|to)\s+no\s+(?:other${NOT_A_PARTY}|one\s+else)\b|(?<![\w-])(?:sole|single|exclusive)\s+(?:source|supplier|provider|vendor)\b`,
    // From one source only: "purchase all panels exclusively from the Supplier", "order its parts from the Maker alone";
    // approved or certified suppliers are a quality rule and "only from its own premises" a place, not a tie to one party.
    String.raw`\b${PROCURE}\b[^.]{0,80}?\b(?:exclusively|solely|only)\s+from\s+(?!(?:an?\s+|the\s+|its\s+|their\s+|his\s+|her\s+|your\s+|our\s+)?` +
      String.raw`(?:approved|authori[sz]ed|certified|qualified|licensed|accredited|reputable|recogni[sz]ed|listed|designated|nominated|suppliers|sources|vendors|` +
      String.raw`own|within|inside|outside|home|abroad|premises|sites?|locations?|countr(?:y|ies)|stock)\b)`,
    String.raw`\b${PROCURE}\b[^.]{0,80}?\bfrom\s+(?:the\s+)?[\w’'-]+\s+(?:exclusively|solely|alone|only)\b`,
    // A requirements deal: "its entire requirements of packaging", "all of the Buyer's needs for fuel".
    // The goods may be named before the word: "all of its coffee bean requirements", "its entire flour and yeast needs" (not "all of
    // its reasonable endeavours to meet the Client's requirements").
    String.raw`\b${PROCURE}\b[^.]{0,40}?\b(?:(?:its|their|his|her|your|our|[\w-]+['’]s)\s+(?:entire|total|whole|complete|full)|all\s+(?:of\s+)?(?:its|their|his|her|your|our|[\w-]+['’]s))\s+` +
      String.raw`${GOODS_NAMED}(?:requirements?|needs)\b`,
    // The other way round, an output deal: selling or supplying all of something to one party alone ("shall sell all its avocados
    // exclusively to the Buyer", "sells all of the milk only to the Creamery", "its entire crop to the Maltster").
    String.raw`\b${SUPPLY}\b[^.]{0,100}?\b(?:exclusively|solely)\s+${TO_ONE_PARTY}|\b${SUPPLY}\s+(?:[\w-]+\s+){0,2}?all\b[^.]{0,100}?\bonly\s+${TO_ONE_PARTY}|` +
      String.raw`\b${SUPPLY}\s+(?:(?:its|their|his|her|your|our|[\w-]+['’]s)\s+(?:entire|total|whole|complete|full)|all\s+(?:of\s+)?(?:its|their|his|her|your|our|[\w-]+['’]s))\s+` +
      String.raw`(?:[\w-]+\s+)?(?:output|production|crops?|harvests?|yield|catch|produce)\b[^.]{0,60}?\b${TO_ONE_PARTY}`,
    String.raw`\b(?:not|never)\s+(?:[\w-]+\s+){0,3}?${PROCURE}\b[^.]{0,60}?\bfrom\s+(?:any\s+|an\s+)?(?:other|another|third|alternative|different|competing)\b`,
    // Dealing with anyone else ("won't sell to any other buyer", "may not work with anyone else", "shall not endorse any other
    // brand", "will not represent another artist", "won't sign a sponsorship deal with another label"), unless the sentence is
    // a non-compete: not serving, carrying or promoting the other side's rivals ("Non-compete. The Designer shall not provide
    // design services to any other retailer") is one restraint, not two.
    String.raw`^(?![^]*?(?:${NON_COMPETE.join('|')}))[^]*?(?:${withNoOneElse(DEAL_VERB)}|` +
      String.raw`${REFUSAL},?\s+${REFUSAL_GAP}(?:endors|represent|sponsor|promot|advertis|appoint|engag|retain|hir|join)\w*\s+${OTHER_PARTY}|` +
      String.raw`${REFUSAL},?\s+${REFUSAL_GAP}(?:enter\w*|sign\w*|accept\w*|tak(?:e|es|ing)|took|conclud\w*|agree\w*\s+to|negotiat\w*|form\w*|obtain\w*|seek\w*|hav(?:e|ing))\b` +
      String.raw`[^.]{0,60}?\b${DEAL_KIND}\b[^.]{0,60}?\b(?:with|from|to|for|by)\s+${OTHER_PARTY})`,
    // An exclusive grant said afterwards: "the licence is exclusive", "the appointment shall be exclusive", "licensed
    // exclusively" (not "non-exclusive", nor a price "exclusive of VAT").
    String.raw`\b${GRANT}\s+(?:[\w-]+\s+){0,4}?(?:is|are|shall\s+be|will\s+be|be|remains?)\s+(?:fully\s+|strictly\s+|entirely\s+|also\s+)?exclusive\b(?!\s+of\b)`,
    String.raw`\blicen[cs]ed\s+(?:[\w-]+\s+){0,3}?exclusively\b|(?<![\w-])exclusively\s+licen[cs]ed\b`,
    // In Italian, a service supplied "in esclusiva" or a supplier named the exclusive one ("fornito in esclusiva da", "fornitore
    // esclusivo"), or outside suppliers barred ("non è consentito l'ingresso di fornitori esterni"); "uso esclusivo" of a room is its use.
    String.raw`\b(?:fornit\w*|prestat[oaie]|erogat[oaie]|distribu\w*|vendut[oaie]|rappresentat[oaie]|servizi?o?|fornitura)\s+(?:${IT_LETTERS}+\s+){0,3}?in\s+esclusiva\b|` +
      String.raw`\b${IT_TRADE}\s+(?:${IT_LETTERS}+\s+){0,2}?esclusiv[oaie]\b|\besclusivit[aà](?!${IT_LETTERS})`,
    String.raw`\b(?:non\s+(?:è|e['’]|sono)\s+(?:consentit|ammess|permess|autorizzat)|(?:è|e['’]|sono)\s+(?:vietat|esclus))\w*\b[^.]{0,80}?\b${IT_TRADE}\s+(?:esterni|esterno|terzi)\b|` +
      String.raw`\b${IT_TRADE}\s+(?:esterni|esterno|terzi)\b[^.]{0,60}?\bnon\s+(?:sono\s+|è\s+)?(?:ammess|consentit|permess|autorizzat)\w*`,
    // In Dutch: exclusivity by name ("Exclusiviteit"), an exclusive one of its role ("exclusieve distributeur", "exclusieve rechten"), or
    // no other of a kind taken on in that role ("neemt geen andere autobedrijven of garages als sponsor aan", "laat geen andere
    // brouwerijen als leverancier toe"); the "exclusieve gebruik" of a room is its use.
    String.raw`\bexclusiviteit\b|\bexclusieve?\s+(?:${NL_ROLE}|rechten?|verkoop|distributie|vertegenwoordiging|levering)\b|` +
      String.raw`\bgeen\s+andere\s+(?:[\wëéèïöü'’-]+\s+){0,5}?als\s+(?:(?:enige|exclusieve|vaste|officiële)\s+)?${NL_ROLE}\b`,
    // In Japanese: an exclusive grant or appointment ("独占的販売代理店", "排他的", "専属契約"; not "非独占的", the "独占禁止法" or a
    // "専属的合意管轄裁判所"), buying only from the other side ("甲からのみ購入し"), or dealing with no one else ("甲以外の者から仕入れては
    // ならない", "他社の業務に従事してはならない"), unless the sentence is a non-compete ("競合する他社に就職してはならない").
    String.raw`(?<!非)(?:独占|排他)(?:的|権|契約|販売)|専属(?:的に|契約|代理|販売|実演|モデル|マネジメント)|(?:から|に|と|を通じて)のみ(?:購入|仕入|調達|発注|取引|販売|供給|委託)`,
    String.raw`^(?![^]*?(?:競合|競業|同業))[^]*?${JA_OTHERS}${JA_ANY}{0,40}?(?:取引|契約|発注|購入|仕入|調達|委託|受託|受注|販売|提供|出演|出品|供給|従事|兼業|就業|勤務)` +
      String.raw`${JA_ANY}{0,15}?${JA_REFUSE}`,
  ], 'Limit exclusivity to a defined scope, territory and period, tied to minimum commitments from the other side.'),
  readingOn(rule('unilateral_amendment', 'Unilateral amendment', (s) => (noticeless(s) ? 'high' : 'medium'), [
    // "Vary" and "adjust" are how loan and employment terms say it, with an object ("times may vary" changes nothing); a
    // schedule or timetable is a term too ("may vary the repayment schedule").
    // A right kept or held to change them is one too ("keeps the right to update the fees"); a commission, royalty or split is a
    // price ("we can adjust the commission %").
    // The change may follow another verb it is joined to: "may review and vary the rate of interest", "may reassess and raise the rent".
    String.raw`\b(?:may|can|(?:reserves?|keeps?|retains?|has|have)\s+the\s+right\s+to)\s+(?:unilaterally\s+)?(?:[\w-]+\s+(?:and|or|and\/or)\s+)?(?:amend|modify|change|update|revise|alter|raise|increase|` +
      String.raw`(?:vary|adjust)(?=\s+(?:the|these|this|its|our|your|any|all|such)\b))\b[^.]{0,60}\b${AMENDABLE}\b`,
    // The terms named first, the right to change them in a clause after them: "the Building Rules, which the Landlord may amend at any
    // time", "the class fees, which we can revise on notice", "the marina regulations, which the Harbour Master may alter" (a side
    // named in up to three words).
    String.raw`\b${AMENDABLE},?\s+(?:which|that)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:may|can|(?:reserves?|keeps?|retains?|has|have)\s+the\s+right\s+to)\s+` +
      String.raw`(?:unilaterally\s+|also\s+)?(?:[\w-]+\s+(?:and|or|and\/or)\s+)?(?:amend|modify|change|update|revise|alter|raise|increase|vary|adjust)\b`,
    String.raw`\bunilaterally\s+(?:amend|modify|change|vary)`,
    // In German, the verb at the end: "Die Agentur kann die Vergütungssätze … anpassen", "behält sich vor, die AGB zu ändern".
    String.raw`${DE_MAY}[^.]{0,100}?${DE_TERMS}[^.]{0,100}?${DE_CHANGE}`,
    // In Spanish and Portuguese: "podrá modificar las tarifas", "pode alterar o Manual de Operações", "alterar unilateralmente".
    String.raw`\b(?:${ES_MAY}|${PT_MAY})\s+(?:unilateralmente\s+)?(?:alterar|modificar|mudar|actualizar|atualizar|revisar|rever|aumentar|reajustar|ajustar|cambiar|variar)` +
      String.raw`(?:-?l[oa]s?)?(?!${ES_LETTERS})[^.]{0,80}?\b(?:contrato|acuerdo|acordo|condiciones|condi[cç][oõ]es|t[eé]rminos|termos|precios?|pre[cç]os?|tarifas?|` +
      String.raw`honorarios|honor[aá]rios|renta|aluguel|alquiler|renda|cuotas?|mensalidades?|manual|reglamento|regulamento|normas|pol[ií]ticas?|royalties|comisi[oó]n|comiss[aã]o)\b|` +
      String.raw`\b(?:alterar|modificar|cambiar|mudar)\s+unilateralmente\b|\bunilateralmente\s+(?:alterar|modificar|cambiar|mudar)\b`,
    // In Dutch: "Verhuurder mag de huisregels … wijzigen", "kan de tarieven verhogen", "eenzijdig wijzigen".
    String.raw`${NL_MAY}[^.]{0,100}?(?:voorwaarden|regels|reglement|prijs|prijzen|tarief|tarieven|huur|vergoeding|overeenkomst|contract|honorarium)[^.]{0,100}?` +
      String.raw`\b(?:wijzigen|te\s+wijzigen|aanpassen|aan\s+te\s+passen|verhogen|te\s+verhogen)\b|\beenzijdig\s+(?:te\s+)?(?:wijzig|aanpass|verhog)\w*`,
    // In Italian: "si riserva il diritto di modificare le presenti condizioni", "può aumentare le tariffe", "modificare unilateralmente".
    String.raw`${IT_MAY}\s+(?:unilateralmente\s+)?${IT_CHANGE}\b[^.]{0,80}?\b${IT_TERMS}\b|\b(?:modificare|variare|cambiare)\s+unilateralmente\b`,
    // In French: "peut modifier les présentes conditions générales", "se réserve le droit de réviser ses tarifs", "unilatéralement".
    String.raw`${FR_MAY}\s*(?:unilat[ée]ralement\s+)?${FR_CHANGE}${FR_END}[^.]{0,80}?(?<!${FR_LETTERS})${FR_TERMS}${FR_END}|` +
      String.raw`\b(?:modifi|chang|r[ée]vis)\w*\s+unilat[ée]ralement\b|\bunilat[ée]ralement\s+(?:modifi|chang|r[ée]vis)\w*`,
    // The terms named first, the right to change them in a clause after them: "le règlement de l'immeuble, que le Bailleur peut modifier
    // à tout moment", "les tarifs en vigueur, que le Prestataire pourra réviser" (not what both parties may change by agreement).
    String.raw`(?<!${FR_LETTERS})${FR_TERMS}${FR_END}(?:\s+${FR_WORD}){0,4}?,?\s+qu(?:e\s+|['’]\s?)(?!(?:les\s+(?:deux\s+)?parties|chacune|les\s+parties)\b)` +
      String.raw`(?:${FR_WORD}\s+){0,3}?${FR_MAY}\s*(?:unilat[ée]ralement\s+|librement\s+)?${FR_CHANGE}${FR_END}(?![^.]{0,60}?\bcommun\s+accord\b)`,
    // In Japanese, the verb last: "当社は、本規約を変更することができる", "賃料を改定することができる", "料金を一方的に変更する".
    String.raw`${JA_TERMS}${JA_ANY}{0,40}?${JA_CHANGE}${JA_ANY}{0,15}?(?:${JA_MAY}|ことがあ|場合があ|権利を(?:有|留保))|一方的に${JA_ANY}{0,20}?${JA_CHANGE}`,
  ], 'Require changes to be agreed in writing by both parties, or at least notice and a right to leave without penalty.',
  // Changed by agreement ("甲乙協議の上", "書面による合意により") or with consent ("利用者の同意を得て") is no one side's change.
  new RegExp(JA_AGREED_CHANGE))),
  readingOn(rule('arbitration_jury_waiver', 'Arbitration or jury waiver', (s) => (JURY_OR_CLASS.test(s) ? 'high' : 'medium'), [
    String.raw`\bbinding\s+(?:[\w-]+\s+){0,2}arbitration\b|\b(?:resolved|settled|decided|determined|heard)\s+(?:exclusively\s+|finally\s+|only\s+|solely\s+)?(?:by|through|in|via|before)\s+(?:[\w-]+\s+){0,3}arbitrat(?:ion|ors?)\b`,
    // Disputes sent there: "any disagreements go to arbitration", "shall be referred to arbitration".
    String.raw`\b(?:go|goes|referred|submitted|subject)\s+to\s+(?:binding\s+|final\s+|an\s+|a\s+single\s+)?arbitrat(?:ion|ors?)\b`,
    // Or to an arbitrator or tribunal described by its number or kind: "referred to a sole arbitrator appointed by …", "submitted to
    // a panel of three arbitrators", "to an independent arbitrator" (not the Arbitration Act, nor a project manager).
    String.raw`\b(?:go|goes|referred|submitted|sent|taken)\s+(?:to|before)\s+(?:[\w-]+\s+){0,4}?(?:arbitrat(?:ion|ors?)|arbitral\s+(?:tribunal|panel|body))\b` +
      String.raw`(?!\s+(?:acts?|laws?|ordinance|statutes?|code)\b)`,
    String.raw`\b(?:waives?|give\s+up|gives\s+up|giving\s+up|forgo(?:es)?|surrenders?|relinquish(?:es)?)\b[^.]{0,80}\b(?:jury|class\s+action)|\bjury\s+(?:trial\s+)?waiver\b|\bclass\s+action\s+waiver\b`,
    // Claims for a group barred, in a sentence of its own: "not as part of any class or representative action", "only on an
    // individual basis, never in a collective proceeding", "class or consolidated arbitrations are not permitted".
    String.raw`\b(?:not|no|never|nor|without|prohibited|barred|excluded)\b[^.]{0,80}?${CLASS_ACTION}|` +
      String.raw`\bindividual(?:ly|\s+(?:capacity|basis))\b[^.]{0,120}?(?:\b${GROUP}\s+members?\b|${CLASS_ACTION})|` +
      String.raw`${CLASS_ACTION}[^.]{0,60}?\b(?:(?:is|are|shall\s+be|will\s+be)\s+(?:not\s+(?:permitted|allowed|available)|prohibited|excluded|waived|barred)|(?:shall|will|may)\s+not)\b`,
    IT_ARBITRATION,
    // In Japanese: "仲裁により最終的に解決する", "仲裁に付託する", and giving up group claims ("集団訴訟に参加する権利を放棄する").
    String.raw`仲裁(?:により|によって|に付|に委ね|で|を申し立て|判断|人|機関|手続|規則|合意|廷|協会)|` +
      String.raw`(?:陪審|集団訴訟|クラス・?アクション|集団(?:的|での)?(?:訴訟|仲裁|手続))${JA_ANY}{0,40}?(?:放棄|参加(?:しない|できない|することはできない)|提起(?:しない|できない))`,
  ], 'Check the arbitration costs, seat and rules; keep the right to go to court for small claims and urgent injunctions.')),
];

/** A document with money at stake and no clause capping liability leaves each side's exposure open. */
export const MISSING_LIABILITY_CAP = {
  id: 'missing_liability_cap',
  label: 'No limitation of liability',
  severity: 'medium' as Severity,
  recommendation: 'Add a limitation of liability clause: a cap (for example the fees of the last 12 months) and no indirect damages.',
};
// What is paid: a fee, a payment, an invoice, a price, a sum with its sign after the figure as much of Europe writes it ("900 €") ("a subscription" names the kind of deal, not its price). Who pays for
// a repair ("how any repair is paid for") and "free of charge" or "in charge of" put no price on the deal.
/** Payment ruled out: "guests aren't paid", "speakers are not paid", "no fee", "free of charge". */
const NO_PAYMENT = /\b(?:(?:are|is|be|were|was|get|gets|will)(?:n['’]t|\s+not)|not|never)\s+(?:be\s+)?paid\b|\bno\s+(?:fees?|charges?|payments?|price|cost)\b|\bfree\s+of\s+charge\b/gi;
/**
 * Whether a sentence puts a price on the deal. One that rules payment out takes none from its heading ("Payment. Guests aren't
 * paid, and there's no cost to you"): only what it still says is paid counts.
 */
function statesAPrice(heading: string, sentence: string): boolean {
  const stillPaid = sentence.replace(NO_PAYMENT, ' ');
  return PAYMENT_TERMS.test(stillPaid === sentence ? heading + sentence : stillPaid);
}
// In Japanese, yen after the figure ("月額12万円", "８円") or a price by name ("賃料", "報酬", "委託料", "代金", "利用料").
const PAYMENT_TERMS =
  /\bfees?\b|\bpa(?:y|ys|id|yable|yments?)\b(?!\s+for\b)|\binvoic\w*|\bprice\b|\bpurchase\b|(?<!\b(?:in|of|no)\s)\bcharges?\b|\bretainer\b|(?:[$€£]|\b(?:USD|EUR|GBP|CAD|AUD|INR|CHF)\b)\s?\d|\d\s?(?:€|£|¥|円|₦|₹)|[0-9０-９]\s?万?\s?円|[￥¥]\s?[0-9０-９]|賃料|家賃|報酬|委託料|代金|料金|利用料|使用料|手数料|対価|給与|賃金|基本給/i;
/** Indirect loss by its usual names: "indirect or consequential loss", "consequential damage", "indirect or knock-on losses". */
const INDIRECT_LOSS = String.raw`(?:indirect|consequential)\b[^.;]{0,40}?\b(?:loss(?:es)?|damages?)\b`;
const LIMITS_LIABILITY = anyOf(
  String.raw`\blimitation\s+of\s+liability\b|\bin\s+no\s+event\b|\baggregate\s+liability\b|\bliability\s+cap\b`,
  // "The venue's responsibility to us … is capped at the hire fee" limits liability in plain words.
  // Limited by a participle too: "liable only for breach of essential duties, limited to foreseeable damage" (not "including but not
  // limited to").
  String.raw`\b(?:liab(?:le|ility)|responsib(?:le|ility))\b[^.]{0,120}\b(?:shall\s+not\s+exceed|will\s+not\s+exceed|not\s+to\s+exceed|` +
    String.raw`(?:(?:is|are|be)\s+)?(?<!\bnot\s+(?:be\s+)?)(?:limited\s+to|capped\s+at)|up\s+to\s+(?:a\s+maximum|the\s+amount))`,
  // In German: "Die Haftung ist … begrenzt auf", "haften wir nur …, beschränkt auf drei Monatsentgelte".
  String.raw`\bhaft\w*\b[^.]{0,120}\b(?:begrenzt|beschr[aä]nkt)\s+auf\b`,
  String.raw`\b(?:not|neither\s+party\s+(?:shall|will))\s+(?:be\s+)?liable\s+for\s+(?:any\s+)?(?:indirect|consequential|special|incidental)`,
  // An exclusion of indirect loss in any wording limits liability too: "neither party shall be liable to the other for any
  // indirect or consequential loss", "accepts no liability for consequential loss", "indirect damages are excluded".
  String.raw`\b(?:not|never|neither|nor|no)\b[^.;]{0,40}?\b(?:liab(?:le|ility)|responsib(?:le|ility))\b[^.;]{0,60}?\b${INDIRECT_LOSS}`,
  String.raw`\bexclu\w*\b[^.;]{0,60}?\b${INDIRECT_LOSS}|\b${INDIRECT_LOSS}[^.;]{0,40}?\bexclu\w*`,
  // In German: "die Haftung für mittelbare Schäden und entgangenen Gewinn ist ausgeschlossen", "haftet nicht für Folgeschäden".
  String.raw`${DE_INDIRECT_LOSS}[^.;]{0,80}?\bausgeschlossen\b|\bausschluss\b[^.;]{0,40}?${DE_INDIRECT_LOSS}|\bhaft\w*\s+nicht\b[^.;]{0,60}?${DE_INDIRECT_LOSS}`,
  // In Portuguese, Spanish, Italian and Dutch: "não excederá", "no excederá", "è limitata ai compensi", "beperkt tot".
  // And in French: "la responsabilité du Prestataire est limitée au montant", "ne pourra excéder".
  String.raw`\b(?:responsabilidad|responsabilidade|responsabilit[aàée]|aansprakelijkheid)(?!\w)[^.]{0,120}?(?:\bn[aã]o\s+exceder|\bno\s+exceder|` +
    String.raw`\bnon\s+(?:potr[aà]\s+)?(?:superare|eccedere)|\blimitad[ao]s?\s+[aà]|\blimitat[ao]\s+a|\bse\s+limita|\bbeperkt\s+tot|\bniet\s+(?:hoger|meer)\s+dan|` +
    String.raw`\blimit[ée]e?s?,?\s+(?:(?:${FR_WORD}\s+){0,4}?${FR_WORD},\s+)?(?:au|aux|[àa])${FR_END}|\bne\s+(?:pourra|saurait|peut)\s+(?:en\s+aucun\s+cas\s+)?exc[ée]der\b|\bplafonn[ée]e?s?\b)`,
  // "In no event" in Italian, Spanish or Portuguese, with what it caps: "In nessun caso la responsabilità … potrà superare il
  // corrispettivo", "in nessun caso risponderà per somme superiori a", "en ningún caso la responsabilidad excederá" (not "in nessun caso
  // il Cliente potrà cedere il contratto").
  String.raw`\b(?:in\s+nessun\s+caso|en\s+ning[uú]n\s+caso|em\s+(?:nenhum\s+caso|hip[oó]tese\s+alguma))\b(?=[^.]{0,120}?\b(?:responsab|rispond|risarc|indenniz|indemniz|inden))` +
    String.raw`[^.]{0,160}?(?:\bsuperare\b|\beccedere\b|\bexced|\bsuperior[ei]?\s+(?:a|al|alla|ai|alle|all['’])|\boltre\b)`,
  // In French, indirect loss excluded: "ne pourra être tenu responsable des dommages indirects", "les pertes indirectes sont exclues".
  String.raw`(?<!${FR_LETTERS})(?:ne|aucune?|exclu\w*)\b[^.;]{0,80}?\b(?:dommages?|pr[ée]judices?|pertes?)\s+(?:${FR_WORD}\s+)?indirect\w*|` +
    String.raw`\b(?:dommages?|pr[ée]judices?|pertes?)\s+indirect\w*[^.;]{0,40}?\bexclu\w*`,
  // "Neither party will be liable to the other for more than the total fee."
  String.raw`\bliable\b[^.]{0,60}\bfor\s+(?:any\s+amount\s+)?(?:more\s+than|in\s+excess\s+of|above)\b`,
  // The negation on the party: "neither party's liability will exceed the fees".
  String.raw`\b(?:neither|no)\s+party['’]?s?\s+(?:total\s+|aggregate\s+)?liability\s+(?:shall|will|may)\s+exceed\b`,
  // In Japanese: "損害賠償の額は委託料の総額を上限とする", "責任は…を超えないものとする", "通常かつ直接の損害に限り", indirect loss excluded.
  String.raw`(?:損害賠償|賠償|責任)${JA_ANY}{0,120}?(?:を(?:上限|限度)と(?:する|し)|を超えない|を超えて${JA_ANY}{0,20}?負わない|(?:の|を)?(?:上限|限度)(?:額)?(?:は|として|とし)|に限(?:る|られ|り))`,
  JA_INDIRECT_LOSS_EXCLUDED,
);
/** Documents where a liability cap is not customary (an employee, tenant or borrower does not negotiate one). */
const CAP_NOT_CUSTOMARY = new Set(['NDA', 'Employment Agreement', 'Lease Agreement', 'Loan Agreement']);

/**
 * `pricedSentences`: the sentences that state what is paid (a fee, a price, an invoice) outside any
 * risk clause: "pays a penalty of 10% of the fee" or "the subscription renews" put no price on the
 * deal, so an excerpt of risk clauses alone is not read as a priced contract with its cap left out.
 */
export function missingLiabilityCap(document: string, documentType: string, pricedSentences: number): boolean {
  return !CAP_NOT_CUSTOMARY.has(documentType) && pricedSentences > 0 && !LIMITS_LIABILITY.test(document);
}

export interface Clause {
  /** "Clause 3.1", "Paragraph 2" or "Preamble". */
  ref: string;
  heading?: string;
  text: string;
}

export interface Risk {
  id: string;
  label: string;
  severity: Severity;
  clause: string;
  quote: string;
  recommendation: string;
}

export interface LegalAnalysis {
  documentType: string;
  parties: string[];
  keyClauses: { topic: string; clause: string; summary: string }[];
  risks: Risk[];
}

const analyzeLegalDocumentInput = z.object({
  document: z.string().max(20_000).describe('The full text of the contract or legal document to review; empty when it is attached as a file.'),
  documentType: z
    .string()
    .max(100)
    .optional()
    .describe('The kind of document if known (NDA, employment agreement, lease...); detected from the text when omitted.'),
});
export type AnalyzeLegalDocumentInput = z.infer<typeof analyzeLegalDocumentInput>;

/** Document types by their own name (weighs most) and by the words that give them away. */
const DOCUMENT_TYPES: { label: string; name: RegExp; signals: RegExp }[] = [
  // Each type by its title in Spanish, Portuguese, French, German, Italian, Dutch and Japanese too ("contrato de arrendamiento",
  // "Gewerbemietvertrag", "contrat de travail", "Darlehensvertrag"), so a lease or a job there carries no cap either.
  [
    'NDA',
    String.raw`\bnon-?disclosure\b|\bNDA\b|\bconfidentiality\s+agreement\b|\bacuerdo\s+de\s+confidencialidad\b|\bacordo\s+de\s+confidencialidade\b|` +
      String.raw`\b(?:geheimhaltungs|vertraulichkeits)vereinbarung\b|\baccord\s+de\s+confidentialit[ée]|\baccordo\s+di\s+riservatezza\b|\bgeheimhoudingsovereenkomst\b|` +
      String.raw`(?:秘密|機密)保持(?:契約|誓約)|守秘義務契約`,
    String.raw`\b(?:disclosing|receiving)\s+party\b|開示者|受領者`,
  ],
  [
    'Employment Agreement',
    // Employment under its other titles: "appointment letter", "letter of appointment", "offer of employment", "statement of
    // terms and conditions of employment", "contract of employment" (not an employment agency's terms).
    String.raw`\bemployment\s+(?:agreement|contract|letter)\b|\b(?:appointment\s+letter|letter\s+of\s+appointment|offer\s+of\s+employment)\b|` +
      String.raw`\b(?:contract|terms|conditions)\s+of\s+employment\b(?![\s-]+agenc)|\bcontrato\s+(?:de\s+)?(?:trabajo|trabalho|laboral|emprego)\b|` +
      String.raw`arbeitsvertr[aä]g|\bcontrat\s+de\s+travail\b|\bcontratto\s+di\s+lavoro\b|\barbeidsovereenkomst\b|雇用契約|労働契約|労働条件通知書`,
    String.raw`\bemploy(?:ee|er)\b|\bsalary\b|\bremuneration\b|\b(?:your|his|her|their)\s+employment\b|\bat-will\b|\bnann(?:y|ies)\b|\bau\s+pair\b|\bcaregiver\b|\bhours\s+(?:a|per)\s+week\b|` +
      String.raw`基本給|就業規則|解雇`,
  ],
  [
    'Service Agreement',
    String.raw`\b(?:master\s+)?services?\s+agreement\b|\bconsulting\s+agreement\b|業務委託契約|準委任契約|請負契約|顧問契約`,
    String.raw`\bstatement\s+of\s+work\b|\bservice\s+provider\b|\bconsultant\b|\bcontractor\b|\bdeliverables\b`,
  ],
  [
    'Lease Agreement',
    String.raw`\b(?:lease|rental|tenancy)\s+agreement\b|\bcontrato\s+de\s+(?:arrendamiento|alquiler|loca[cç][aã]o|arrendamento)\b|mietvertr[aä]g|` +
      String.raw`\bcontrat\s+de\s+(?:location|bail)\b|\bbail\s+(?:commercial|d['’]habitation)\b|\bcontratto\s+di\s+locazione\b|\bhuur(?:overeenkomst|contract)\b|` +
      String.raw`賃貸借契約|賃貸契約|借家契約`,
    String.raw`\b(?:landlord|tenant|premises|rent|lessee)\b|賃貸人|賃借人|敷金`,
  ],
  ['License Agreement', String.raw`\blicen[cs]e\s+agreement\b|\bEULA\b|ライセンス契約|使用許諾契約`, String.raw`\blicens(?:or|ee)\b|\bgrants?\b[^.]{0,40}\blicen`],
  [
    'Terms of Service',
    // "Terms and conditions of employment" are an employee's.
    String.raw`\bterms\s+of\s+(?:service|use)\b|\bterms\s+and\s+conditions\b(?!\s+of\s+(?:employment|appointment)\b)|利用規約|会員規約|サービス規約`,
    String.raw`\bby\s+(?:using|accessing)\b|\buser\s+account\b|\byour\s+use\s+of\b`,
  ],
  ['Purchase Agreement', String.raw`\b(?:purchase|sale)\s+agreement\b|売買契約`, String.raw`\bbuyer\b|\bseller\b|\bpurchase\s+price\b`],
  [
    'Loan Agreement',
    String.raw`\bloan\s+(?:agreement|note)\b|\bpromissory\s+note\b|\bcontrato\s+de\s+(?:pr[eé]stamo|empr[eé]stimo|m[uú]tuo)\b|darlehensvertr[aä]g|` +
      String.raw`\bcontrat\s+de\s+pr[eê]t\b|\bcontratto\s+di\s+(?:prestito|mutuo)\b|\bleningsovereenkomst\b|金銭消費貸借|借用書|` +
      // Informal terms that name themselves a loan's: "the terms of the loan", "le condizioni del prestito".
      String.raw`\b(?:terms|conditions)\s+of\s+(?:the|this|my|our|your)\s+loan\b|\bloan\s+terms\b|\b(?:condizioni|termini)\s+del\s+(?:prestito|mutuo)\b`,
    String.raw`\bborrower\b|\blender\b|\bprincipal\s+amount\b`,
  ],
  ['Partnership Agreement', String.raw`\bpartnership\s+agreement\b|\bjoint\s+venture\b`, String.raw`\bpartners\b|\bprofit\s+shar`],
].map(([label = '', name = '', signals = '']) => ({ label, name: new RegExp(name, 'gi'), signals: new RegExp(signals, 'gi') }));

/** Topics for the key-clause overview, checked against a clause's heading first and its text second. */
// Japanese headings name the same topics: "競業避止", "秘密保持", "著作権", "損害賠償", "委託料", "解約", "契約期間", "準拠法".
const TOPICS: [string, RegExp][] = [
  ['Non-compete & non-solicitation', /\bnon-?(?:compet|solicit)|\bnot\s+(?:to\s+)?(?:compete|solicit)|競業|引き?抜/i],
  ['Confidentiality', /\bconfidential|秘密|機密/i],
  ['Intellectual property', /\bintellectual\s+property|\bcopyright|\bpatent|\binventions?\b|\bwork\s+product\b|著作権|知的財産|職務発明/i],
  ['Indemnification', /\bindemnif|\bhold\s+harmless|補償|免責/i],
  ['Liability', /\bliab(?:le|ility)\b|損害賠償/i],
  ['Payment', /\bfees?\b|\bpayment|\binvoice|\bcompensation|\bsalary\b|\brent\b|\bprice\b|委託料|賃料|報酬|料金|代金|賃金/i],
  ['Termination', /\bterminat|解約|解除|解雇/i],
  ['Term & renewal', /\bterm\b|\brenew|\bduration\b|\bcommence|期間|更新/i],
  ['Governing law & disputes', /\bgoverning\s+law|\bgoverned\s+by|\bjurisdiction|\barbitration|\bdisputes?\b|準拠法|管轄|仲裁|紛争/i],
  ['Warranties', /\bwarrant/i],
  ['Data protection', /\bpersonal\s+data|\bGDPR\b|\bdata\s+protection|\bprivacy\b/i],
  ['Force majeure', /\bforce\s+majeure\b/i],
  ['Amendments', /\bamend|\bmodif/i],
  ['Assignment', /\bassign(?:ment)?\b/i],
  ['Notices', /\bnotices?\b/i],
];

// "between X and Y", up to the recitals or the next sentence.
const BETWEEN = anyOf(
  String.raw`\bbetween\s+(.{3,600}?)(?=\s+(?:WHEREAS|NOW,?\s+THEREFORE|collectively|RECITALS)\b|\.\s+(?:The|This|Each|In|Whereas|\d)\b|$)`,
);
// A defined role: (the "Company"), (hereinafter referred to as "Tenant").
const ROLE = /\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?(?:the\s+)?)?["“”']([^"“”']{2,40})["“”']\s*\)/gi;
// "Section 3", "3.", "3.1", "IV." start a clause; a bare "30 days" at the start of a wrapped line does not.
const NUMBERED = new RegExp(
  String.raw`^\s*(?:(?:[Ss]ection|SECTION|[Aa]rticle|ARTICLE|Art\.|ART\.|[Cc]lause|CLAUSE|§)\s*(\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,6})[.):]?|` +
    String.raw`(\d{1,3}(?:\.\d{1,3})+\.?|\d{1,3}[.)]|[IVXLC]{1,6}[.)]))\s+(\S.*)$`,
);
/**
 * Spanish and Portuguese ordinals by their number, as civil-law contracts number clauses ("PRIMERA.", "Segunda.-", "CLÁUSULA
 * TERCEIRA –"): one to nine, ten, eleven, twelve and twenty.
 */
const ORDINALS: [number, string][] = [
  [1, 'primer[ao]|primeir[ao]'],
  [2, 'segund[ao]'],
  [3, 'tercer[ao]|terceir[ao]'],
  [4, 'cuart[ao]|quart[ao]'],
  [5, 'quint[ao]'],
  [6, 'sext[ao]'],
  [7, 's[ée]p?tim[ao]'],
  [8, 'octav[ao]|oitav[ao]'],
  [9, 'noven[ao]|non[ao]'],
  [10, 'd[ée]cim[ao]'],
  [11, 'und[ée]cim[ao]'],
  [12, 'duod[ée]cim[ao]'],
  [20, 'vig[ée]sim[ao]'],
];
const ORDINAL_WORD = ORDINALS.map(([, word]) => word).join('|');
/**
 * A clause opened by an ordinal, capitalised and set off by a full stop, colon or dash ("DÉCIMA PRIMERA.-", "Cláusula Quinta –"),
 * so "Primera vez que …" is a sentence: the tens (décima, vigésima) and the unit after them, then the rest of the line.
 */
const ORDINAL_CLAUSE = new RegExp(
  String.raw`^\s*(?=\p{Lu})(?:cl[áa]usula\s+)?(?:(d[ée]cim|vig[ée]sim)[ao][\s-]*(?=(?:${ORDINAL_WORD})(?![\p{L}])))?(${ORDINAL_WORD})(?![\p{L}])` +
    String.raw`\s*(?:[.:][-–—]?|[-–—])\s+(?=\S)`,
  'iu',
);

/** "SÉPTIMA. JURISDICCIÓN. …" as "Clause 7. JURISDICCIÓN. …", so an ordinal clause is numbered like any other. */
function withOrdinalNumber(line: string): string {
  const ordinal = /^\s*\p{Lu}/u.test(line) ? ORDINAL_CLAUSE.exec(line) : null;
  if (!ordinal) return line;
  const valueOf = (word: string): number => ORDINALS.find(([, pattern]) => new RegExp(`^(?:${pattern})$`, 'i').test(word))?.[0] ?? 0;
  const tens = ordinal[1] ? valueOf(`${ordinal[1]}a`) : 0;
  return `Clause ${tens + valueOf(ordinal[2] ?? '')}. ${line.slice(ordinal[0].length)}`;
}
/**
 * A Japanese article: "第3条（契約期間）…", "第１２条 …", "第十二条【協議】…", "第5条の2 …", its heading in brackets after the number
 * (or, on the line above, on its own: "（目的）" over "第1条 …"). Only at a line's start and before a bracket, a space or the line's end,
 * so "第3条に定める" inside a sentence is a reference, not an article.
 */
const JA_ARTICLE = /^[^\S\n]*第[^\S\n]*([0-9０-９]{1,3}|[一二三四五六七八九十百〇]{1,4})[^\S\n]*条(?:の([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3}))?(?=[（(【\s]|$)[^\S\n]*(?:[（(【]([^（）()【】\n]{1,30})[）)】])?[^\S\n]*(.*)$/;
/** A heading alone on its line, in brackets, as Japanese contracts set it above an article: "（目的）" (not a definition: "（以下「本契約」という。）"). */
const JA_TITLE_LINE = /^[^\S\n]*[（(【]([^（）()【】「」。\n]{1,30})[）)】][^\S\n]*$/;
/** An article starting after a sentence, when the document is pasted on one line: "…締結する。第1条（目的）…". */
const JA_INLINE_ARTICLE = /(?<=。)[^\S\n]*(?=第[^\S\n]*(?:[0-9０-９]{1,3}|[一二三四五六七八九十百〇]{1,4})[^\S\n]*条(?:の[0-9０-９一二三四五六七八九十]{1,3})?[（(【\s])/;
const KANJI_DIGITS = '〇一二三四五六七八九';

/** An article's number in Arabic, full-width or kanji numerals: "3", "１２", "十二" (12), "二十" (20). */
function articleNumber(numeral: string): number {
  const ascii = numeral.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
  if (/^\d+$/.test(ascii)) return Number(ascii);
  let total = 0;
  let digit = 0;
  for (const character of numeral) {
    if (character === '百' || character === '十') {
      total += (digit || 1) * (character === '百' ? 100 : 10);
      digit = 0;
    } else {
      digit = KANJI_DIGITS.indexOf(character);
    }
  }
  return total + digit;
}

/**
 * Japanese articles numbered like any other clause ("第3条（契約期間）本契約の…" as "Clause 3. 契約期間. 本契約の…"), a heading on the
 * line above taken in, and articles pasted on one line set on lines of their own. Other lines are left as they are.
 */
function japaneseArticles(lines: string[]): string[] {
  const articles: string[] = [];
  for (const line of lines.flatMap((text) => text.split(JA_INLINE_ARTICLE))) {
    const article = JA_ARTICLE.exec(line);
    if (!article) {
      articles.push(line);
      continue;
    }
    const [, main = '', sub, bracketed, rest = ''] = article;
    // A heading alone on the line above belongs to this article.
    const titleAbove = bracketed === undefined ? JA_TITLE_LINE.exec(articles.at(-1) ?? '')?.[1] : undefined;
    if (titleAbove !== undefined) articles.pop();
    const heading = (bracketed ?? titleAbove)?.trim();
    const number = sub === undefined ? `${articleNumber(main)}` : `${articleNumber(main)}.${articleNumber(sub)}`;
    const body = [heading ? `${heading}.` : '', rest.trim()].filter(Boolean).join(' ');
    articles.push(body ? `Clause ${number}. ${body}` : line);
  }
  return articles;
}

// Inline numbering ("...confidential. 2. Term. ...") when the whole document is pasted on one line.
const INLINE_NUMBER = /(?<=^|[.;:]\s{1,3})(?=(?:(?:Section|Article|Clause)\s+)?\d{1,2}(?:\.\d{1,2})*[.)]\s+\p{Lu})/gu;
// Lettered clauses ("a) Fee: …", "(b) …", "C. …") when the clauses carry letters rather than numbers.
const LETTERED = /^\s*(?:\(([a-zA-Z])\)|([a-zA-Z])[.)])\s+(\S.*)$/;
const BULLET = /^[^\S\n]*[-*•–]\s+/;
// A quoted e-mail's "> " (or "> > ") at the start of each line.
const QUOTE_MARK = /^[^\S\n]*(?:>[^\S\n]?)+/gm;
/** A numbered line that is only a title ("Clause 12 – Restrictive covenants"), its sub-clauses (12.1, 12.2) below it. */
const BARE_TITLE = /^[\s–—:-]*([^.:;!?]{2,60}?)[\s–—:-]*$/;
/**
 * A list marker after the end of a sentence starts the next one: "… invoiced monthly. b) During the term …", "… a season.
 * - The Club won't …" (splitSentences only breaks before a capital, digit or quote), so a price is not read as part of the
 * restraint that follows it. Only after . ! ?, so "shall not: (a) …; (b) …" keeps its "not".
 */
const LIST_BREAK = /(?<=[.!?])\s+(?:\(?[a-z]\)|\(?[ivx]{1,4}\)|[-*•])\s+/;
const LEADING_MARK = /^(?:\(?[a-z]\)|\(?[ivx]{1,4}\)|[-*•])\s+/;
const MAX_KEY_CLAUSES = 15;
const SEVERITY_NAMES: Record<Severity, string> = { high: 'High', medium: 'Medium', low: 'Low' };
const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
const MAX_RISKS = 50;

/** Splits a document into numbered clauses, else paragraphs, else sentences. */
export function splitClauses(pasted: string): Clause[] {
  // A contract forwarded in a quoted e-mail reads as the contract itself once the quote marks are off.
  const unix = pasted.replace(/\r\n?/g, '\n');
  const unquoted = (unix.match(QUOTE_MARK)?.length ?? 0) >= 2 ? unix.replace(QUOTE_MARK, '') : unix;
  // A chat export's messages become bullet points, each a point of its own (messages seldom end with a full stop).
  const document = withoutChatPrefixes(unquoted);
  let lines = japaneseArticles(document.split('\n')).map(withOrdinalNumber);
  const numberedLines = lines.filter((line) => NUMBERED.test(line)).length;
  const lettered = numberedLines < 2 && lines.filter((line) => LETTERED.test(line)).length >= 2;
  if (numberedLines < 2 && !lettered) {
    const inline = document.split(INLINE_NUMBER);
    if (inline.length > 2) lines = inline.map((part) => normalizeSpace(part));
  }
  const marker = lettered ? LETTERED : NUMBERED;
  const clauses: Clause[] = [];
  let current: Clause | undefined;
  // The number of a "§ 4 Non-Competition" (or "Article 4 …") title line: the plain "1.", "2." under it are its sub-clauses 4.1,
  // 4.2, as civil-law contracts number them, so underTitles gives them its title rather than reading the title as a clause.
  let titleNumber: string | undefined;
  for (const line of lines) {
    const numbered = marker.exec(line);
    if (numbered && /\p{L}/u.test(numbered[3] ?? '')) {
      const body = numbered[3] ?? '';
      const own = (numbered[1] ?? numbered[2] ?? '').replace(/[.)]$/, '');
      // Only numbered clauses: a lettered clause's first group is its letter.
      const keyworded = !lettered && numbered[1] !== undefined;
      if (keyworded) titleNumber = isBareTitle(body) ? own : undefined;
      const number = !keyworded && titleNumber !== undefined && /^\d{1,3}$/.test(own) ? `${titleNumber}.${own}` : own;
      const heading = leadIn(body);
      current = { ref: `Clause ${number}`, heading: heading?.[1]?.trim(), text: heading ? body.slice(heading[0].length) : body };
      clauses.push(current);
    } else if (current && line.trim()) {
      current.text += `\n${line}`;
    } else if (line.trim()) {
      current = { ref: 'Preamble', text: line };
      clauses.push(current);
    } else if (current?.ref === 'Preamble') {
      current = undefined;
    }
  }
  if (clauses.length > 0 && clauses.some((clause) => clause.ref !== 'Preamble')) return underTitles(clauses).map(titleOnItsLine).map(tidy);

  // A summary in bullet points ("- They can change the prices at any point"): each point is a clause.
  // A blank line ends the last point: what follows is the sender's own text ("^ that's from the organiser, should I agree?").
  const listed = document.split(/\n(?=[^\S\n]*[-*•–]\s)/).filter((point) => BULLET.test(point));
  const points = listed.map((point) => point.split(/\n[^\S\n]*\n/)[0] ?? point);
  const after = listed.flatMap((point) => point.split(/\n[^\S\n]*\n/).slice(1)).filter((paragraph) => /\p{L}/u.test(paragraph));
  if (points.length >= 2) {
    return [
      ...points.map((point, index) => tidy(titledPoint(`Point ${index + 1}`, point.replace(BULLET, '')))),
      ...after.map((paragraph, index) => tidy({ ref: `Paragraph ${index + 1}`, text: paragraph })),
    ];
  }

  const paragraphs = document.split(/\n\s*\n/).filter((paragraph) => /\p{L}/u.test(paragraph));
  const blocks = paragraphs.length > 1 ? paragraphs : splitSentences(normalizeSpace(document));
  const unit = paragraphs.length > 1 ? 'Paragraph' : 'Sentence';
  return blocks.map((text, index) => tidy({ ref: `${unit} ${index + 1}`, text }));
}

/**
 * A clause's short lead-in ("Term.", "OBJETO.-" as Spanish contracts set a heading off): its heading, kept out of the text so it
 * is never quoted as a risk.
 */
function leadIn(body: string): RegExpExecArray | undefined {
  const match = /^[\s–—:-]*([^.:]{2,60})[.:][-–—]?(?:\s|$)/.exec(body);
  return match && countWords(match[1] ?? '') <= 6 ? match : undefined;
}

/**
 * A bullet point opened by its title ("• Non-solicitation. During the term, neither party will …") reads as a clause under that
 * heading, so the title alone sets no severity. A lead-in that binds ("We can end it anytime."), that states a risk the rest does
 * not and binds nothing after it ("Auto-renews every year. Cancel anytime.": under it as a heading the risk would be lost) or that
 * has nothing after it is part of the point. A title that names the category of a rest that binds ("Exclusividad: mientras dure la
 * colaboración no podrás …") is its heading, so the rest is read under it.
 */
function titledPoint(ref: string, body: string): Clause {
  const heading = leadIn(body);
  const title = heading?.[1]?.trim() ?? '';
  const text = heading ? body.slice(heading[0].length) : body;
  const statesOwnRisk = !BINDS.test(text) && RISK_RULES.some((rule) => rule.pattern.test(title) && !rule.pattern.test(text));
  return heading && /\p{L}/u.test(text) && !BINDS.test(title) && !statesOwnRisk ? { ref, heading: title, text } : { ref, text: body };
}

/** A clause's text that is only a title: "Restrictive covenants", "Non-Competition" (no full stop, six words at most). */
function isBareTitle(text: string): boolean {
  const title = BARE_TITLE.exec(text)?.[1];
  return title !== undefined && countWords(title) <= 6;
}

/**
 * A numbered clause whose first line is only its title ("5. Exclusivity", its text on the lines below): the title is its heading,
 * as a lead-in ("5. Exclusivity. …") is. Not the wrapped start of a sentence ("5. The Buyer shall pay" above "the price …").
 */
function titleOnItsLine(clause: Clause): Clause {
  if (clause.ref === 'Preamble' || clause.heading !== undefined) return clause;
  const [first = '', ...rest] = clause.text.split('\n');
  const title = BARE_TITLE.exec(first)?.[1]?.trim() ?? '';
  const text = rest.join('\n');
  return title && countWords(title) <= 6 && !BINDS.test(title) && /^\s*[\p{Lu}\p{N}"“'‘(]/u.test(text) ? { ...clause, heading: title, text } : clause;
}

/**
 * Sub-clauses under a clause that is only a title ("Clause 12 – Restrictive covenants", then "12.1 …", "12.2 …") take the
 * title as their heading, so they are read and cited as part of it; the title clause itself has no text to read.
 */
function underTitles(clauses: Clause[]): Clause[] {
  const titled: Clause[] = [];
  for (const [index, clause] of clauses.entries()) {
    const title = clause.heading === undefined && !clause.text.includes('\n') ? BARE_TITLE.exec(clause.text)?.[1] : undefined;
    const prefix = `${clause.ref}.`;
    if (title && countWords(title) <= 6 && clauses[index + 1]?.ref.startsWith(prefix)) {
      for (const sub of clauses.slice(index + 1)) {
        if (!sub.ref.startsWith(prefix)) break;
        sub.heading ??= title.trim();
      }
      continue;
    }
    titled.push(clause);
  }
  return titled;
}

/**
 * Where a Japanese sentence ends: after 。 (or ！ ？), with no space after it, unless a closing bracket follows ("（以下「本業務」
 * という。）を委託し" goes on).
 */
const JA_SENTENCE_END = /(?<=[。！？])(?![）)」』】〕”’])\s*/;

/** Sentences, with a list marker after a full stop starting a new one, and the marker left out of the quote. */
function sentencesOf(text: string): string[] {
  return splitSentences(text)
    .flatMap((sentence) => sentence.split(LIST_BREAK))
    .flatMap((sentence) => sentence.split(JA_SENTENCE_END))
    .map((sentence) => sentence.replace(LEADING_MARK, '').slice(0, MAX_SENTENCE_LENGTH))
    .filter(Boolean);
}

/**
 * The most of a sentence the rules read. A clause's sentence is a few hundred characters; text with no full stop for
 * thousands ("1 1 1 …", a pasted table) is read no further than this, so each of the rules scans at most this much per
 * sentence however the document is punctuated.
 */
const MAX_SENTENCE_LENGTH = 1_500;

function tidy(clause: Clause): Clause {
  return { ...clause, text: normalizeSpace(clause.text) };
}

export function detectDocumentType(document: string, given?: string): string {
  const hint = given?.trim();
  // The offline model may pass the whole request here; only a short label is a document type.
  const count = (pattern: RegExp, text: string): number => Math.min(5, text.match(pattern)?.length ?? 0);
  if (hint && countWords(hint) <= 5) {
    const known = DOCUMENT_TYPES.find((type) => count(type.name, hint) > 0 || count(type.signals, hint) > 0);
    return known?.label ?? truncateAtWord(hint, 60);
  }
  let best = { label: 'Contract', score: 1 };
  for (const type of DOCUMENT_TYPES) {
    // A type named in the title decides; named in the body it still outweighs a few telltale words.
    const score = count(type.name, document) * 5 + count(type.name, document.slice(0, 300)) * 10 + count(type.signals, document);
    if (score > best.score) best = { label: type.label, score };
  }
  return best.label;
}

/** Parties from "between X ("Role") and Y ("Role")", else the defined roles in quotes. */
export function findParties(document: string): string[] {
  const head = normalizeSpace(document.slice(0, 3_000));
  const between = BETWEEN.exec(head);
  const roles = [...(between?.[1] ?? head).matchAll(ROLE)];
  if (between?.[1]) {
    const segment = between[1];
    if (roles.length >= 2) {
      const [first, second] = roles;
      const firstName = partyName(segment.slice(0, first?.index));
      const afterFirst = (first?.index ?? 0) + (first?.[0].length ?? 0);
      const secondName = partyName(segment.slice(afterFirst, second?.index).replace(/^\s*,?\s*and\s+/i, ''));
      return [withRole(firstName, first?.[1]), withRole(secondName, second?.[1])].filter(Boolean);
    }
    const [firstName = '', secondName = ''] = segment.split(/\s+and\s+/i);
    const secondEnd = secondName.split(/[,;(]|\s+(?:for|effective|dated|as\s+of|on)\s+/i)[0] ?? '';
    return [partyName(firstName), partyName(secondEnd)].filter(Boolean);
  }
  return [...new Set(roles.map((role) => role[1]?.trim() ?? ''))].filter(Boolean).slice(0, 4);
}

function partyName(text: string): string {
  const name = text.split(/,\s+(?:a|an|the|with|having|located|whose|incorporated|organized|residing)\b/i)[0] ?? '';
  return truncateAtWord(name.replace(/^[\s,:]+|[\s,;:]+$/g, '').replace(/^the\s+/i, ''), 80);
}

function withRole(name: string, role?: string): string {
  if (!name) return role ?? '';
  return role ? `${name} (“${role}”)` : name;
}

export function analyzeDocument(document: string, documentType?: string): LegalAnalysis {
  if (!/\p{L}/u.test(document)) throw new ToolInputError('The document is empty: paste the full text of the contract or attach it.');
  const clauses = splitClauses(document.slice(0, 20_000));

  const keyClauses = clauses
    .filter((clause) => clause.ref !== 'Preamble')
    .map((clause) => {
      const byHeading = TOPICS.find(([, pattern]) => pattern.test(clause.heading ?? ''));
      const [topic] = byHeading ?? TOPICS.find(([, pattern]) => pattern.test(clause.text)) ?? [];
      const summary = truncateAtWord(splitSentences(clause.text)[0]?.split(JA_SENTENCE_END)[0] ?? clause.text, 160);
      return topic ? { topic, clause: describe(clause), summary } : undefined;
    })
    .filter((entry) => entry !== undefined)
    .slice(0, MAX_KEY_CLAUSES);

  const risks: Risk[] = [];
  let pricedSentences = 0;
  for (const clause of clauses) {
    const sentences = sentencesOf(clause.text);
    const owns = sentences.map(withoutCarveOuts);
    const heading = clause.heading ? `${clause.heading}. ` : '';
    pricedSentences += sentences.filter((sentence) => statesAPrice(heading, sentence) && !RISK_RULES.some((rule) => rule.pattern.test(heading + sentence))).length;
    for (const rule of RISK_RULES) {
      const found = worstSentence(rule, heading, sentences, rule.readsCarveOuts ? sentences : owns);
      if (found === undefined) continue;
      const { sentence, severity } = found;
      const { id, label, recommendation } = rule;
      const quote = truncateAtWord(sentence, 300);
      // One finding a category: the most severe, first found on a tie (an arbitration sentence and its jury waiver are one risk).
      const earlier = risks.findIndex((risk) => risk.id === id);
      if (earlier >= 0 && SEVERITY_ORDER[risks[earlier].severity] <= SEVERITY_ORDER[severity]) continue;
      if (earlier >= 0) risks.splice(earlier, 1);
      risks.push({ id, label, severity, clause: describe(clause), quote, recommendation });
    }
  }
  const type = detectDocumentType(document, documentType);
  if (!risks.some((risk) => risk.id === 'uncapped_liability') && missingLiabilityCap(document, type, pricedSentences)) {
    const { id, label, severity, recommendation } = MISSING_LIABILITY_CAP;
    risks.push({ id, label, severity, clause: 'Whole document', quote: 'No clause limits either party’s liability.', recommendation });
  }
  risks.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);

  return { documentType: type, parties: findParties(document), keyClauses, risks: risks.slice(0, MAX_RISKS) };
}

/**
 * The clause's sentence that triggers the rule at its most severe, the first on a tie: "All sketches … belong to the Client.
 * In addition, any artwork created before this agreement … is also transferred" is one clause that reaches prior work.
 * `words` are the sentences as the rule reads them (withoutCarveOuts, unless it readsCarveOuts); the quote is the sentence.
 */
function worstSentence(rule: RiskRule, heading: string, sentences: string[], words: string[]): { sentence: string; severity: Severity } | undefined {
  let worst: { sentence: string; severity: Severity } | undefined;
  const holders = new Set<string>();
  for (const [at, sentence] of sentences.entries()) {
    const own = words[at] ?? '';
    // "During that time" is the period the sentence before sets: its severity and its heading's reading take that sentence in.
    const read = at > 0 && REFERS_BACK.test(own) ? `${words[at - 1] ?? ''} ${own}` : own;
    if (!firesOn(rule, heading, own, read)) continue;
    // A rule that reads on reads the rest of the clause from its first sentence already.
    if (rule.readsOn) return { sentence, severity: rule.severity(heading + words.slice(at).join(' ')) };
    // A sentence that carries this one on to more ("This includes …", "Dies gilt auch für …") is read with it for the severity.
    const next = words[at + 1];
    const severity = rule.severity(heading + (next !== undefined && EXTENDS_THE_ONE_BEFORE.test(next) ? `${read} ${next}` : read));
    const holder = rule.eitherSideInTurn ? (HOLDER.exec(own) ?? JA_HOLDER.exec(own))?.[1]?.toLowerCase() : undefined;
    if (holder) holders.add(holder);
    if (worst === undefined || SEVERITY_ORDER[severity] < SEVERITY_ORDER[worst.severity]) worst = { sentence, severity };
    // Nothing is worse than high.
    if (severity === 'high') break;
  }
  // Each side given the right in a sentence of its own ("The Venue may terminate on 30 days' notice. The Hirer may terminate on 14.")
  // is either party's right, as when one sentence names both.
  return worst?.severity === 'medium' && holders.size >= 2 ? { ...worst, severity: 'low' } : worst;
}

/** Who a sentence gives a right to: the word before "may", "can", "può", "podrá", "pode", "kann", "kan", "mag", "peut" ("the Hirer may" → hirer). */
const HOLDER = /([\p{L}-]+)\s+(?:may|can|pu[oò]|possono|potr[aà]|podr[aá]n?|puede|pode|poder[aá]|kann|darf|kan|mag|peut|pourra)\s/iu;
/** Who a Japanese sentence gives a right to: its subject before は, after a lead-in such as "なお、" ("甲は、…できる" → 甲). */
const JA_HOLDER = /^(?:[^、。]{0,12}?、)?([\p{Script=Han}\p{Script=Katakana}ー]{1,8})は/u;

/**
 * Whether the rule finds its risk in a sentence's own words. The heading gives them their subject ("Confidentiality. They survive
 * indefinitely.", "Non-compete. This obligation continues for a year after termination."), but the risk must come from what the
 * sentence binds or permits (BINDS), or from its words alone: a sub-clause under a "§ 4 Non-Competition" title that binds no one
 * ("“Competitor” means any coffee roaster") matches the category through the title's words only, and is no finding.
 */
function firesOn(rule: RiskRule, heading: string, words: string, read = words): boolean {
  if (!/\p{L}/u.test(words) || !rule.pattern.test(heading + words) || rule.exempt?.test(words)) return false;
  if (rule.yieldsToHeading?.heading.test(heading) && rule.yieldsToHeading.within(heading + read)) return false;
  return heading === '' || rule.namedByHeading === true || BINDS.test(words) || rule.pattern.test(words);
}

/**
 * What a sentence binds or permits: an obligation or a right ("shall", "must not", "may", "agrees not to", "is prohibited from",
 * "se obliga", "podrá"), or how long one lasts ("This obligation continues indefinitely", "for 12 months after termination").
 */
const BINDS = anyOf(
  String.raw`\b(?:shall|will|must|may|can|cannot|agrees?|undertakes?|covenants?|promises?)\b|\b(?:won|can|mustn|shan)['’]t\b`,
  String.raw`\b(?:is|are|be|remains?)\s+(?:not\s+)?(?:bound|obliged|obligated|required|prohibited|forbidden|barred|restricted|precluded|permitted|allowed|entitled)\b`,
  String.raw`\b(?:lasts?|continues?|survives?|remains?\s+in\s+(?:force|effect))\b|\b(?:${ENDLESS})\b`,
  // The whole price owed: "the full hire fee is payable", "the entire package price remains due" (under "Cancellation by the Hirer.").
  String.raw`${WHOLE_PRICE}\s+(?:[\w-]+\s+){0,3}?${OWED_THEN}`,
  String.raw`\b(?:\d+|one|two|three|four|five|six|twelve|eighteen|twenty-four)\s+\(?\d*\)?\s*(?:months?|years?)\b`,
  AFTER_TERM.source,
  LIMITED_TO_TERM.source,
  String.raw`\b(?:podr|deber|poder|dever)[aá](?:n|o)?(?!${ES_LETTERS})|\bse\s+(?:oblig|compromet|abstendr)|\bobriga(?:m)?-se\b`,
  // In French: "s'engage à", "s'oblige à", "s'interdit de", "doit", "devra", "peut", "pourra", "est tenu de".
  String.raw`\bs['’]\s?(?:engag|oblig|interdi)${FR_LETTERS}*|\b(?:doi(?:t|vent)|devr(?:a|ont)|peu(?:t|vent)|pourr(?:a|ont))${FR_END}|\b(?:est|sont)\s+tenue?s?\s+(?:de|d['’])`,
  // In Japanese, at the sentence's end: "しなければならない", "してはならない", "ものとする", "ことができる", "負う", "存続する".
  String.raw`なければならない|てはならない|ものとする|ものとします|とする|${JA_MAY}|できない|負う|負わない|存続|効力を有|禁止|しない|行わない|義務`,
);

/**
 * What a clause is said to cover: "this clause", "the restrictions in clause 4", "this Agreement", "§ 4".
 */
const PROVISION = String.raw`(?:clauses?|sections?|articles?|paragraphs?|agreement|contract|deed|terms|provisions?|covenants?|restrictions?|obligations?|` +
  String.raw`undertakings?|restraints?|prohibitions?|§)`;
/**
 * Where a carve-out starts: "Nothing in this clause stops …", "… does not apply to …", "… shall not prevent the Consultant from
 * …", "… is excluded from this restriction". It limits what the clause binds, so it binds nothing itself.
 */
const CARVE_OUT = new RegExp(
  [
    String.raw`\bnothing\s+(?:(?:contained\s+)?in|under)\s+(?:(?:this|these|the|that|those)\s+(?:[\w-]+\s+){0,2}?${PROVISION}(?![\w-])|(?:clauses?|sections?|articles?|paragraphs?|§)\s*\d)`,
    String.raw`\b(?:(?:does|do|shall|will|should|is|are)(?:n['’]t|\s+not)|won['’]t)\s+(?:be\s+)?(?:apply|applicable|extend|cover)\b`,
    String.raw`\b(?:(?:does|do|shall|will|should|must|may|is|are)(?:n['’]t|\s+not)|won['’]t),?\s+(?:(?:however|in\s+any\s+event|otherwise),?\s+)?(?:be\s+)?` +
      String.raw`(?:prevent|stop|restrict|prohibit|preclude|bar|restrain|limit|forbid|affect|prejudice)(?:s|ed|ped|red|den|d)?\b[^.;]{0,60}?\b(?:from|rights?|freedom|ability)\b`,
    String.raw`\b(?:is|are)\s+(?:expressly\s+)?(?:excluded|exempt(?:ed)?)\s+from\s+(?:this|these|the|that|those)\b`,
  ].join('|'),
  'gi',
);
/** Where a carve-out ends: the next clause of the sentence ("…; the Consultant shall …", "… but", "provided that …"). */
const CARVE_OUT_END = /;|\bbut\b|\bprovided\s+(?:that|always)\b|\bexcept\s+that\b/gi;

/**
 * A sentence without its carve-outs, each from where it starts to the next clause of the sentence: "During the Term the Consultant
 * shall not work for any competitor, but this restriction shall not prevent the Consultant from working for one after the Term" is a
 * restraint during the Term. A sentence that only carves out ("Nothing in this clause stops the Consultant from teaching") is left
 * with no words of its own, so it neither raises a category nor its severity. One pass over the sentence.
 */
function withoutCarveOuts(sentence: string): string {
  const ends = [...sentence.matchAll(CARVE_OUT_END)].map((end) => end.index);
  let own = '';
  let from = 0;
  let next = 0;
  for (const carveOut of sentence.matchAll(CARVE_OUT)) {
    if (carveOut.index < from) continue;
    own += sentence.slice(from, carveOut.index);
    const after = carveOut.index + carveOut[0].length;
    while (next < ends.length && (ends[next] ?? 0) < after) next += 1;
    from = ends[next] ?? sentence.length;
  }
  return own + sentence.slice(from);
}

function describe(clause: Clause): string {
  return clause.heading ? `${clause.ref} (${clause.heading})` : clause.ref;
}

export function renderAnalysis(analysis: LegalAnalysis): string {
  const { risks } = analysis;
  const count = (severity: Severity): string => `${risks.filter((risk) => risk.severity === severity).length} ${severity}`;
  const counts = [count('high'), count('medium'), count('low')].join(', ');
  const riskBlocks =
    risks.length > 0
      ? [
          `${risks.length} risk${risks.length === 1 ? '' : 's'} found (${counts}).`,
          ...risks.map(
            (risk, index) => `### ${index + 1}. ${risk.label} — ${SEVERITY_NAMES[risk.severity]}\n\n${risk.clause}\n\n> ${risk.quote}`,
          ),
        ]
      : [`No risky clauses found: nothing matched the checked categories (${[...RISK_RULES, MISSING_LIABILITY_CAP].map((r) => r.label.toLowerCase()).join(', ')}).`];
  const recommendations =
    risks.length > 0
      ? risks.map((risk, index) => `${index + 1}. **${risk.label}** (${risk.clause}): ${risk.recommendation}`).join('\n')
      : 'No changes needed for the checked categories. Read the whole document before signing; ask a lawyer about anything unusual.';
  return [
    `# Legal analysis: ${analysis.documentType}`,
    '_Automated clause review to prepare a discussion with a lawyer; it is not legal advice._',
    '## Document type',
    analysis.documentType,
    '## Parties',
    analysis.parties.length > 0 ? analysis.parties.map((party) => `- ${party}`).join('\n') : 'Not identified in the text.',
    '## Key clauses',
    analysis.keyClauses.length > 0
      ? analysis.keyClauses.map((entry) => `- **${entry.topic}** — ${entry.clause}: ${entry.summary}`).join('\n')
      : 'No standard clauses identified.',
    '## Risks',
    ...riskBlocks,
    '## Recommendations',
    recommendations,
  ].join('\n\n');
}

export function analyzeLegalDocument(input: AnalyzeLegalDocumentInput): AssetDraft {
  const analysis = analyzeDocument(input.document, input.documentType);
  const parties = analysis.parties.map((party) => party.replace(/\s*\(“[^”]*”\)$/, ''));
  const between = parties.length >= 2 ? `: ${parties.slice(0, 2).join(' and ')}` : '';
  return {
    title: truncateAtWord(`${analysis.documentType} analysis${between}`, 100),
    content: renderAnalysis(analysis),
    metadata: {
      documentType: analysis.documentType,
      riskCount: analysis.risks.length,
      highRisks: analysis.risks.filter((risk) => risk.severity === 'high').length,
      // Each finding by category, so clients (and the evaluation set) need not parse the Markdown.
      risks: analysis.risks.map((risk) => ({ category: risk.id, severity: risk.severity, clause: risk.clause })),
    },
  };
}

/** Reviews the newest attached text file or PDF when there is one, else the document given. */
async function analyzeAttachedOrGiven(input: AnalyzeLegalDocumentInput, services: ToolServices): Promise<AssetDraft> {
  const attached = services.attachments.findLast(isDocument);
  return analyzeLegalDocument(attached ? { ...input, document: await documentText(attached, 'contract') } : input);
}

export const analyzeLegalDocumentTool: AssetTool<typeof analyzeLegalDocumentInput> = {
  name: 'analyze_legal_document',
  description:
    'Reviews a contract or legal document (NDA, employment, services, lease, license, terms): document type, parties, ' +
    'key clauses, risks with severity and quotes, and recommendations; reads a document attached as a text file or PDF. ' +
    'Saves a legal_analysis asset.',
  assetType: 'legal_analysis',
  inputSchema: analyzeLegalDocumentInput,
  run: (input, services) => analyzeAttachedOrGiven(input, services),
};
