/**
 * The words the offline model reads a request by, in Spanish, French, German, Italian and
 * Portuguese (and the word for a receipt in a few more scripts), as the English word its lexicons
 * know: kinds of deliverable ("voz en off" is a voice-over, "Bild" an image), kinds of document
 * ("Vertraulichkeitsvereinbarung" is an NDA) and the parties, duties and verbs of a contract, so
 * a request or pasted terms in another language are read as the English ones are; and the verbs of
 * work a plan's clauses open on ("redacta", "envoie-moi"). A word that is
 * also an English word ("bail", "ticket", "plan", "image") is left as it is.
 */

const WORDS: [string[], string][] = [
  // Deliverables.
  [['guion', 'guión', 'libreto', 'roteiro', 'copione', 'drehbuch', 'skript', 'draaiboek'], 'script'],
  [['voz en off', 'voz off', 'voix off', 'voix-off', 'sprechertext', 'voce fuori campo', 'locução', 'locucao', 'narración'], 'voice-over'],
  [['publicación', 'publicacion', 'publicación de instagram', 'beitrag', 'beiträge', 'publicação', 'publicacao', 'articolo', 'berichtje'], 'post'],
  // A Dutch "bericht" is a post only with its platform: the German "Bericht" is a report.
  // The French "publication" is a post with its article or its platform; the English word is a magazine.
  [['une publication', 'la publication', 'cette publication', 'publication facebook', 'publication instagram', 'publication linkedin'], 'a post'],
  [['linkedin-bericht', 'linkedinbericht'], 'LinkedIn post'],
  [['het bericht', 'het berichtje', 'dit bericht', 'dat bericht'], 'the post'],
  [['een bericht'], 'a post'],
  [['instagram-bericht', 'insta-bericht', 'instagrambericht'], 'Instagram post'],
  [['facebook-bericht', 'facebookbericht'], 'Facebook post'],
  [['annonce', 'annonces', 'anuncio', 'anuncios', 'ankündigung', 'annuncio', 'anúncio', 'aankondiging'], 'announcement'],
  [['pie de foto', 'légende', 'bildunterschrift', 'didascalia', 'legenda', 'onderschrift'], 'caption'],
  [['imagen', 'imágenes', 'bild', 'bilder', 'immagine', 'imagem', 'ilustración', 'ilustracion', 'illustrazione', 'ilustração', 'afbeelding', 'plaatje', 'illustratie'], 'image'],
  [['dibujo', 'dessin', 'zeichnung', 'disegno', 'desenho', 'tekening'], 'drawing'],
  [['bannière', 'bannières', 'banderole', 'banderoles', 'pancarta', 'faixa', 'striscione', 'spandoek'], 'banner'],
  [['affiche', 'affiches', 'afiche', 'afiches', 'cartel', 'carteles', 'cartaz', 'cartazes', 'locandina', 'locandine', 'plakat', 'plakate'], 'poster'],
  [['prospectus', 'folleto', 'folletos', 'volante', 'volantes', 'folheto', 'panfleto', 'volantino', 'volantini', 'flugblatt'], 'flyer'],
  [['foto', 'fotos', 'fotografía', 'fotografia', 'fotografie'], 'photo'],
  [['dibujar', 'dibújame', 'dibujame', 'dessiner', 'dessine', 'zeichnen', 'zeichne', 'disegnare', 'disegna', 'desenhar', 'desenha'], 'draw'],
  // The French "miniature" with its article: the English word is an adjective ("a miniature castle").
  [['miniatura', 'miniaturas', 'vorschaubild', 'miniatuur', 'la miniature', 'une miniature', 'de miniature', 'les miniatures', 'des miniatures'], 'thumbnail'],
  // The Portuguese "capa" (a cover); the Spanish one is a layer, and never says "capa para el vídeo".
  [['portada', 'couverture', 'copertina', 'titelbild', 'capa', 'capas'], 'cover'],
  [['esquema', 'gliederung', 'scaletta', 'estructura', 'opzet', 'esboço', 'esboco', 'esbozo'], 'outline'],
  // The parts of a piece's structure: "les grandes parties, les intertitres", "Zwischenüberschriften", "tussenkopjes".
  [['intertitres', 'intertitre', 'zwischenüberschriften', 'tussenkoppen', 'tussenkopjes', 'subtítulos de sección'], 'subheadings'],
  [['grandes parties', 'parties principales', 'secciones principales', 'hauptabschnitte', 'sezioni principali', 'secções principais'], 'main sections'],
  // Mail by its names: what the general agent writes ("un correo a los expositores", "un courriel").
  [['correo', 'correos', 'correo electrónico', 'courriel', 'courriels'], 'email'],
  [['episodio', 'episodios', 'épisode', 'épisodes', 'episódio', 'episódios', 'aflevering'], 'episode'],
  [['lista', 'listas', 'liste', 'listen', 'lijst', 'lijstje'], 'list'],
  [['mensaje', 'mensajes', 'messaggio', 'messaggi', 'mensagem', 'mensagens', 'nachricht', 'nachrichten'], 'message'],
  // A summary is a written piece no tool makes ("résumé" is left alone: it is also an English CV).
  [['zusammenfassung', 'übersicht', 'resumen', 'riassunto', 'resumo', 'samenvatting', 'overzicht', 'récap', 'récapitulatif', 'résumé de la semaine'], 'summary'],
  [['vídeo', 'vidéo'], 'video'],
  // A video filmed upright, in the order Spanish, Portuguese, French and Italian put it after the noun ("un vídeo… vertical").
  [['verticales', 'verticais', 'verticaux', 'verticali'], 'vertical'],
  // How an output should sound ("Cálido, y con emojis"), so that a note of tone reads as one.
  [['cálido', 'cálida', 'calido', 'chaleureux', 'chaleureuse', 'herzlich', 'caloroso', 'calorosa'], 'warm'],
  [['divertido', 'divertida', 'drôle', 'lustig', 'divertente', 'engraçado'], 'funny'],
  [['cercano', 'cercana', 'amical', 'freundlich', 'amichevole', 'simpático', 'simpática'], 'friendly'],
  // Receipts.
  [['recibo', 'reçu', 'quittung', 'beleg', 'kassenbon', 'kassenzettel', 'ricevuta', 'scontrino', 'comprobante', 'ticket de caisse', 'nota fiscal', 'cupom fiscal', 'nota de venta', 'nota de consumo', 'nota de remisión', 'nota de compra', 'esta nota del', 'esta nota de la', 'la nota del', 'la nota de la', 'bonnetje', 'kassabon', 'kassabonnetje', '영수증', '領収書', 'レシート', '收据', '收據', 'ใบเสร็จ'], 'receipt'],
  // Contracts by their kinds and titles.
  [['contrato', 'contrat', 'vertrag', 'verträge', 'contratto', 'contratti'], 'contract'],
  [['acuerdo', 'convenio', 'vereinbarung', 'accordo', 'acordo', 'entente', 'overeenkomst'], 'agreement'],
  [
    ['acuerdo de confidencialidad', 'accord de confidentialité', 'vertraulichkeitsvereinbarung', 'geheimhaltungsvereinbarung', 'accordo di riservatezza', 'acordo de confidencialidade'],
    'NDA',
  ],
  // "bail" is also English ("bail out"): a lease only after a French determiner or before "commercial".
  [['arrendamiento', 'mietvertrag', 'contrat de location', 'contratto di locazione', 'contrato de arrendamento', 'ce bail', 'le bail', 'un bail', 'du bail', 'mon bail', 'notre bail', 'bail commercial', "bail d'habitation", 'contrat de bail', 'huurovereenkomst', 'huurcontract'], 'lease'],
  [['cláusula', 'clausula', 'cláusulas', 'klausel', 'clausola'], 'clause'],
  // What contracts speak of: parties, duties, ending, liability.
  [['partes', 'parteien', 'parti', 'partijen'], 'parties'],
  [['partie', 'parte', 'partei', 'partij'], 'party'],
  [['arrendador', 'bailleur', 'vermieter', 'locatore', 'locador', 'verhuurder'], 'landlord'],
  [['arrendatario', 'locataire', 'preneur', 'mieter', 'conduttore', 'locatário', 'huurder'], 'tenant'],
  [['auftraggeber', 'cliente', 'mandant', 'opdrachtgever'], 'client'],
  [['auftragnehmer', 'auftragnehmerin', 'prestataire', 'contratista', 'opdrachtnemer'], 'contractor'],
  [['proveedor', 'fournisseur', 'lieferant', 'fornitore', 'fornecedor', 'leverancier'], 'supplier'],
  [['confidencial', 'confidentiel', 'confidentielle', 'vertraulich', 'vertrauliche', 'vertraulichen', 'riservato', 'riservata', 'riservatezza', 'confidencialidad', 'confidentialité', 'vertrouwelijk', 'vertrouwelijke'], 'confidential'],
  [['rescisión', 'résiliation', 'kündigung', 'recesso', 'rescisão', 'terminación', 'opzegging', 'beëindiging'], 'termination'],
  [['responsabilidad', 'responsabilité', 'haftung', 'responsabilità', 'responsabilidade', 'aansprakelijkheid'], 'liability'],
  [['indemnización', 'indemnité', 'entschädigung', 'indennizzo', 'indenização'], 'damages'],
  [['penalización', 'pénalité', 'vertragsstrafe', 'penale', 'multa', 'boete'], 'penalty'],
  [['gerichtsstand', 'jurisdicción', 'juridiction', 'foro competente', 'bevoegde rechter'], 'jurisdiction'],
  // Duties in the present tense, as French, Spanish, Italian and Portuguese terms state them ("s'interdit de travailler").
  [['verpflichtet', 'se compromete', "s'engage", 's’engage', 'si impegna', 'se obriga', 'deberá', 'devra', 'dovrà', 'deverá', "s'interdit", 's’interdit', 'est tenu', 'est tenue', 'está obligado', 'está obligada', 'è tenuto', 'è tenuta', 'está obrigado', 'está obrigada', 'verplicht zich', 'is verplicht'], 'shall'],
  [['se renouvelle', 'se renueva', 'si rinnova', 'renova-se', 'se renova', 'wordt verlengd', 'stilzwijgend verlengd'], 'renews'],
  // Signing, said in the request ("bevor ich unterschreibe").
  [['unterschreibe', 'unterschreiben', 'firmar', 'firmo', 'signer', 'signe', 'firmare', 'assinar', 'assino'], 'sign'],
];

const ENGLISH = new Map(WORDS.flatMap(([words, english]) => words.map((word) => [word.toLowerCase(), english])));

/** Longest phrases first, so "acuerdo de confidencialidad" is read before "acuerdo"; each bounded by letters on neither side. */
const FOREIGN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${[...ENGLISH.keys()]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, String.raw`\s+`))
    .join('|')})(?![\p{L}\p{N}])`,
  'giu',
);

/** German compounds of a contract or an agreement: "Arbeitsvertrag", "Nutzungsvereinbarung". */
const GERMAN_COMPOUND = /(?<![\p{L}\p{N}])\p{L}+(?:vertrag|verträge|vereinbarung|vereinbarungen)(?![\p{L}\p{N}])/giu;

/**
 * A verb in the future tense of Spanish, Portuguese or Italian ("abonará", "entregarán", "pagherà"): how their contracts state
 * a duty, as English ones say "shall". Only the accented forms: "era" without its accent is a past tense.
 */
const FUTURE_DUTY = /(?<![\p{L}\p{N}])\p{L}{2,}(?:ará|erá|irá|arán|erán|irán|arà|erà|irà|aranno|eranno|iranno)(?![\p{L}\p{N}])/giu;

/**
 * Kinds of deliverable and document in Japanese, Chinese and Korean, which write no spaces between words: matched anywhere in
 * a word, and set off by spaces in English so that the English patterns see a word ("動画の台本" is " video の script ").
 */
const CJK_WORDS: [string[], string][] = [
  [['ナレーション原稿', 'ナレーション', '旁白', '내레이션'], 'narration'],
  [['台本', '脚本', '대본', '스크립트'], 'script'],
  [['動画', '视频', '視頻', '영상', '동영상'], 'video'],
  [['ポスター', '海报', '海報', '포스터'], 'poster'],
  [['チラシ', '传单', '傳單', '전단지', '전단'], 'flyer'],
  [['イラスト', '插画', '插圖', '일러스트'], 'illustration'],
  [['画像', '图片', '圖片', '이미지'], 'image'],
  [['サムネイル', 'サムネ', '缩略图', '縮圖', '封面图', '썸네일'], 'thumbnail'],
  [['キャプション', '캡션'], 'caption'],
  [['投稿', '帖子', '贴文', '貼文', '게시물', '게시글'], 'post'],
  [['リール', '릴스'], 'reel'],
  // Not "合同" alone: in Japanese it is "joint" (合同会社, a company).
  [['契約書', '合同书', '合同書', '合約', '계약서'], 'contract'],
];
const CJK_ENGLISH = new Map(CJK_WORDS.flatMap(([words, english]) => words.map((word) => [word, english])));
/** Longest first, so "ナレーション原稿" is read before "ナレーション". */
const CJK = new RegExp([...CJK_ENGLISH.keys()].sort((a, b) => b.length - a.length).join('|'), 'gu');

/** The text with the words of WORDS in other languages as the English word for them; four scans, linear in the text. */
export function inEnglishWords(text: string): string {
  return text
    .replace(CJK, (word) => ` ${CJK_ENGLISH.get(word) ?? word} `)
    // After an elided article ("l'entente") the English word stands apart, as the English tokenizer needs it.
    .replace(FOREIGN, (word, at: number) => `${/['’]/.test(text[at - 1] ?? '') ? ' ' : ''}${ENGLISH.get(word.toLowerCase().replace(/\s+/g, ' ')) ?? word}`)
    .replace(GERMAN_COMPOUND, (word) => (/vertr/i.test(word) ? 'contract' : 'agreement'))
    .replace(FUTURE_DUTY, 'shall');
}

// "vat samen" (sum up) whole: "vat" alone is the English tax on a receipt's line.
const DUTCH_WORK_VERBS = ['maak', 'maken', 'schrijf', 'schrijven', 'bedenk', 'bedenken', 'gebruik', 'stuur', 'ontwerp', 'teken', 'lees', 'controleer', 'vat\\s+samen', 'plaats', 'zet', 'geef', 'bekijk'];
/**
 * The Dutch "and" where it joins a clause of work ("…, en bedenk er een thumbnail bij"): only before a verb, as "en" is also
 * the Spanish and French "in" or "into" ("transforme-le en script").
 */
export const DUTCH_AND_BEFORE_WORK = String.raw`en(?=\s+(?:${DUTCH_WORK_VERBS.join('|')})\b)`;

/** Verbs of work in Spanish, French, German, Italian, Portuguese and Dutch, as people write them to us ("prepara un post"). */
const WORK_VERBS_IN_OTHER_LANGUAGES = [
  ...DUTCH_WORK_VERBS,
  'generar', 'diseñar', 'enviar', 'mandar', 'publicar', 'resumir', 'analizar',
  'recuérdame', 'recuerdame', 'captura', 'registra', 'anota', 'apunta', 'lee', 'relee', 'escribe', 'escribir', 'redacta', 'redactar', 'prepara', 'preparar', 'haz', 'hazme', 'hacer', 'crea', 'crear', 'genera', 'diseña', 'revisa', 'revisar', 'envía', 'envia', 'manda', 'publica', 'resume', 'analiza',
  'générer', 'publier', 'résumer', 'rappelle-moi', 'lis', 'relis', 'relire', 'écris', 'écrire', 'rédige', 'rédiger', 'prépare', 'préparer', 'fais', 'faire', 'crée', 'créer', 'génère', 'envoie', 'envoyer', 'publie', 'résume', 'vérifie',
  'erinnere', 'prüf', 'schreib', 'schreibe', 'schreiben', 'erstelle', 'erstellen', 'mach', 'mache', 'prüfe', 'schicke', 'sende', 'fasse',
  'generare', 'creare', 'preparare', 'inviare', 'ricordami', 'leggi', 'rileggi', 'scrivi', 'scrivere', 'fai', 'invia', 'pubblica', 'controlla',
  'analisa', 'analise', 'analisar', 'analyse', 'analyser',
  'gerar', 'criar', 'escrever', 'fazer', 'lembra-me', 'lembre-me', 'lê', 'leia', 'escreve', 'escreva', 'faça', 'faz', 'cria', 'crie', 'envie', 'revise',
  // Asking what to look for: "signale-moi", "señala", "segnala", "aponta", "markiere".
  'signale', 'indique', 'señala', 'segnala', 'aponta', 'aponte', 'markiere',
  // "Take the data out of this receipt": saca, tira, extrae, extrais, estrai, extrahiere.
  'saca', 'sacar', 'extrae', 'extraer', 'extrais', 'extraire', 'extrahiere', 'estrai', 'estrarre', 'tira', 'tire', 'extrai', 'extraia', 'extrair',
  // Stressed before a pronoun joined on ("mándaselo", "escríbele").
  'mánda', 'escríbe', 'prepára', 'sáca',
];
/** A verb of work, with the pronouns Spanish and Italian join to an imperative ("envíaselos", "mandale", "scrivimelo"). */
export const WORK_VERB_IN_OTHER_LANGUAGES = `(?:${WORK_VERBS_IN_OTHER_LANGUAGES.join('|')})(?:me|te|se|nos|lo|la|los|las|le|les|mi|gli|ci){0,2}`;

/** What to look for in a document, asked in another language: "signale-moi", "señálame", "segnalami", "dime", "markiere". */
export const FINDING_IN_OTHER_LANGUAGES = String.raw`(?:signale|indique|relève|dis)(?:-moi)?|(?:señala|indica|marca|dime)(?:me)?|(?:segnala|indica|dimmi)(?:mi)?|aponta|aponte|diz-me|markiere|nenne|zeig`;

/**
 * An ask opened by "I need", "I'd like" or "can you" in Spanish, French, German, Italian or Portuguese ("Necesito un
 * post…", "Kannst du ein Bild machen?"): the clause asks as it is written, with no English verb to put before it.
 */
export const ASK_IN_OTHER_LANGUAGES =
  /^(?:necesito|necesitamos|quiero|queremos|me\s+gustar[ií]a|j['’]ai\s+besoin|je\s+voudrais|j['’]aimerais(?:\s+que\s+(?:tu|vous)\s+(?:fasses|fassiez|prépares|prépariez|écrives|écriviez|rédiges|rédigiez))?|il\s+me\s+faut|ich\s+brauche|wir\s+brauchen|ich\s+h[äa]tte\s+gern|mi\s+serve|ci\s+serve|vorrei|preciso|precisamos|quero|queria|kannst\s+du|k[öo]nntest\s+du|k[öo]nnt?en\s+sie|puedes|podr[ií]as?|podéis|pueden|peux-tu|pourrais-tu|pouvez-vous|pourriez-vous|tu\s+peux|tu\s+pourrais|puoi|potresti|potrebbe|potreste|podes|poderia|kun\s+je|kunt\s+u|kunnen\s+jullie|zou\s+je|zou\s+u)(?![\p{L}\p{N}])/iu;

/** German puts the infinitive last ("…und an Herrn Wolf eine Zusammenfassung schicken"): a clause of work that ends on one. */
export const GERMAN_WORK_AT_THE_END =
  /\s(?:schicken|senden|mailen|weiterleiten|schreiben|erstellen|entwerfen|machen|prüfen|durchsehen|lesen|posten|veröffentlichen|zusammenfassen|übersetzen|ziehen|herausziehen|auslesen|erinnern)[.!?]?$/iu;

/** A determiner before the output a check names: "tu análisis", "o post", "den Beitrag", "je analyse". */
const OBJECT_DETERMINER = String.raw`(?:el|la|los|las|lo|le|les|l['’]|il|o|a|os|as|den|die|das|de|het|tu|tus|ton|ta|tes|tuo|tua|sua|seu|su|sus|dein|deine|deinen|je|jouw)`;
/**
 * "después de que yo apruebe tu análisis", "quando eu aprovar o post", "une fois que j'aurai validé ton analyse", "dopo che
 * avrò approvato lo script", "nachdem ich den Beitrag freigegeben habe", "zodra ik de opzet heb goedgekeurd": a person's
 * check said as a time clause, which the planner reads in its English words ("once I have approved the post").
 */
const CHECK_AS_TIME_CLAUSE = new RegExp(
  [
    // Spanish, Portuguese, French and Italian: the conjunction, the person, the verb, then what is checked.
    String.raw`(?:despu[ée]s\s+de\s+que|una\s+vez\s+que|en\s+cuanto|tan\s+pronto\s+como|depois\s+que|depois\s+de|assim\s+que|logo\s+que|après\s+que|une\s+fois\s+que|dès\s+que|lorsque|dopo\s+che|una\s+volta\s+che|non\s+appena|appena|cuando|quando|quand)\s+` +
      String.raw`(?:(?:yo|eu|io|je)\s+|j['’]\s*)?(?:(?:aurai|aie|ai|avrò|ho|haya|tiver)\s+)?` +
      String.raw`(?:apruebe|aprobado|revise|revisado|valide|aprovar|aprove|aprovado|revisar|validar|validé|approuvé|relu|vérifié|approuve|approvato|validato|controllato|approvo|approverò|dé\s+el\s+visto\s+bueno|der\s+o\s+ok)` +
      String.raw`(?:\s+${OBJECT_DETERMINER}(?:\s+${OBJECT_DETERMINER})?\s*([\p{L}-]+))?`,
    // German and Dutch: what is checked stands between the person and the verb at the end.
    String.raw`(?:nachdem|sobald|nadat|zodra)\s+(?:ich|ik)\s+(?:${OBJECT_DETERMINER}\s+([\p{L}-]+)\s+)?(?:heb\s+)?` +
      String.raw`(?:freigegeben|abgesegnet|genehmigt|geprüft|durchgesehen|freigebe|absegne|goedgekeurd|gecontroleerd|bekeken|goedkeur)(?:\s+(?:habe|heb))?`,
  ].join('|'),
  'giu',
);

/** The text with a check said as a time clause in another language in the English words the planner reads. */
export function checksInEnglish(text: string): string {
  return text.replace(CHECK_AS_TIME_CLAUSE, (_clause, romance?: string, germanic?: string) => {
    const checked = romance ?? germanic;
    return `once I have approved${checked ? ` the ${checked}` : ''}`;
  });
}

/** Leave to carry on: "podes avançar", "puedes seguir", "vas-y", "mach einfach", "ga je gang", "vai pure". */
export const GO_AHEAD_IN_OTHER_LANGUAGES = String.raw`(?:(?:podes|pode|puedes|puede|tu\s+peux|vous\s+pouvez|puoi|kannst\s+du|je\s+kunt)\s+(?:avançar|avancar|seguir|continuar|avanzar|continuer|y\s+aller|procedere|andare\s+avanti|loslegen|weitermachen|doorgaan)|vas-y|allez-y|adelante|avanti|vai\s+pure|vai\s+em\s+frente|ga\s+je\s+gang|ga\s+maar\s+door|mach\s+einfach|leg\s+los)`;

/**
 * A check waived in Spanish, French, German, Italian, Portuguese or Dutch: "no hace falta que nadie lo apruebe", "pas besoin de
 * validation", "muss niemand freigeben", "non serve l'approvazione", "ninguém precisa aprovar", "hoeft niemand goed te keuren".
 */
export const WAIVED_CHECK_IN_OTHER_LANGUAGES = new RegExp(
  [
    String.raw`\b(?:no\s+hace\s+falta|no\s+necesita|no\s+hay\s+que|sin\s+necesidad\s+de)\b[^.;!?]{0,40}?\b(?:aprob\p{L}*|aprueb\p{L}*|revis\p{L}*|visto\s+bueno|enseñ\p{L}*|muestr\p{L}*|mostr\p{L}*|mir[ea]n?|pas\p{L}*\s+antes)`,
    // "le récap tu peux l'envoyer directement", "el resumen puedes mandarlo directamente": sent straight on, unchecked.
    String.raw`\b(?:tu\s+peux|vous\s+pouvez|peut|peuvent|puede|puedes|podéis|pode|podes|podem|pueden|può|puoi|possono)\s+(?:l['’]|l[aeo]s?\s+)?(?:envoyer|publier|poster|partir|enviar\p{L}*|mandar\p{L}*|publicar\p{L}*|mandá-l[oa]|seguir|salir|ir|inviar\p{L}*|pubblicar\p{L}*|andare|uscire)\s+(?:directement|directamente|direto|diretamente|direttamente|tout\s+de\s+suite|de\s+una|sin\s+más)`,
    String.raw`\bnadie\s+(?:tiene\s+que|debe|necesita)\s+(?:aprobar|revisar)`,
    String.raw`\b(?:pas|aucun)\s+besoin\b[^.;!?]{0,30}?\b(?:valid\p{L}*|approu?v\p{L}*|relec\p{L}*|reli\p{L}*|montr\p{L}*|voir)`,
    // "la portada me da igual", "peu importe la couverture", "das Bild ist mir egal": not minded, so not checked.
    String.raw`\b(?:me\s+da\s+igual|no\s+me\s+importa|peu\s+importe|m['’]est\s+égal|ist\s+mir\s+egal|non\s+mi\s+importa|tanto\s+faz|não\s+me\s+importa)\b`,
    String.raw`\b(?:niemand|keiner)\s+(?:muss|braucht)\b[^.;!?]{0,30}?\b(?:freigeben|absegnen|prüfen|genehmigen)`,
    String.raw`\bkeine\s+(?:Freigabe|Genehmigung|Prüfung)\s+(?:nötig|notwendig|erforderlich)`,
    // "Freigabe von mir brauchst du nicht", "zeigen musst du mir das nicht".
    String.raw`\b(?:Freigabe|Genehmigung|Prüfung|zeigen)\b[^.;!?]{0,30}?\b(?:brauchst|musst)\s+du\s+(?:mir\s+)?(?:das\s+|es\s+)?nicht\b`,
    String.raw`\b(?:non\s+serve|non\s+c['’]è\s+bisogno\s+d\p{L}*|nessuno\s+deve)\b[^.;!?]{0,30}?\b(?:approv\p{L}*|rivede\p{L}*|controll\p{L}*)`,
    // "não precisas de me mostrar nada": no need to show me.
    String.raw`\b(?:não\s+precisa[si]?|ninguém\s+precisa|sem\s+necessidade\s+de)\b[^.;!?]{0,30}?\b(?:aprova\p{L}*|revis\p{L}*|mostr\p{L}*|ver)\b`,
    // "dat hoef ik niet eerst te zien": I need not see it first.
    String.raw`\b(?:niemand\s+hoeft|hoeft\s+niemand|hoeft\s+niet|hoef\s+ik\s+niet|geen\s+goedkeuring)\b[^.;!?]{0,30}?\b(?:goed\s+te\s+keuren|goedgekeurd|nodig|te\s+controleren|te\s+zien)`,
  ].join('|'),
  'iu',
);
