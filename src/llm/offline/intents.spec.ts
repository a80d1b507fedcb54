import { matchIntent, withLexiconSpelling } from './intents.js';

describe('matchIntent: the deliverable a request names', () => {
  it.each([
    ['turn the outline into the actual post', 'format_post'],
    ['Put it together as a thread for X', 'format_post'],
    ['Write the script from the outline', 'format_script'],
    ['Write the scrpit from the outline', 'format_script'],
    ['Write an Instagram caption for the photo of our team', 'format_post'],
    ['Write a LinkedIn post about our new legal team', 'format_post'],
    ['Outline a LinkedIn post about our week', 'generate_outline'],
    ['Write a 60-second reel script about productivity hacks', 'format_reel'],
    ['Make a nice pic to go with it', 'generate_image'],
    ['Suggest a couple of thumbnial ideas', 'generate_thumbnail_concept'],
    ["Just give me the bullet points for a LinkedIn post about our hiring process, I'll write it myself", 'generate_outline'],
    ['Talking points for my podcast intro on remote work', 'generate_outline'],
    ['Write a LinkedIn post with five bullet points on hiring', 'format_post'],
    ['Before I write the blog piece, give me the skeleton / main points in order', 'generate_outline'],
    ['Can you work out how our first newsletter issue should be structured? Just the bones', 'generate_outline'],
    ['Here are the hire terms for the marquee, anything I should worry about?', 'analyze_legal_document'],
    ['Are these membership conditions fair?', 'analyze_legal_document'],
    ['can u help me figure out what bits to cover and in what order for my talk', 'generate_outline'],
    ["Write something short I can put up on the bakery's Instagram", 'format_post'],
    ['For my 10 minute YouTube video on pruning roses, write what I will say', 'format_script'],
    ["what should the preview pic look like for my vid 'a week of cold showers'?", 'generate_thumbnail_concept'],
    ['Script the reel', 'format_reel'],
    ["I'm filming a tour of our workshop for YouTube, could you write out what we're going to say?", 'format_script'],
    ["write out what I'll say in my review video", 'format_script'],
    ['Any ideas for the cover frame of our next episode?', 'generate_thumbnail_concept'],
    ['Create the thumbnail image from the concept I picked', 'generate_image'],
    // "Sketch out" plans a piece; a piece to print and put up is a picture; an outline named by its piece is the outline.
    ['could you sketch out the skeleton of our annual report feature? headings only', 'generate_outline'],
    ['Can you sketch out a mascot for the swim club?', 'generate_image'],
    ['need something we can print out on A4 for the noticeboard about the car boot sale', 'generate_image'],
    ['Write me a LinkedIn post outline on hiring apprentices', 'generate_outline'],
    // The words a YouTube tutorial or a podcast's hosts say are its script; what a deliverable should be asks for ideas for it.
    ['My YouTube tutorial on grouting is 8 minutes. Write it all for me, intro included', 'format_script'],
    ['This week on the pod we talk gutters. Write what Sam and I are going to say', 'format_script'],
    ['my gig video is up tomorrow, what should the cover frame show?', 'generate_thumbnail_concept'],
    ['what would a good caption be for the photo of our new van?', 'format_post'],
    ['What should the lease say about pets?', undefined],
    ['the new cheese board is in from friday! can you write something for facebook to go with the photo of it?', 'format_post'],
    ['can u make me something bold for the shop window, half price on all wool this week', 'generate_image'],
    ['my video on rebuilding a dry stone wall is done. what should the picture people click on show?', 'generate_thumbnail_concept'],
    ['we record ep 9 of the pod next week, the topic is damp walls. this time i want it all written out: intro, two segments and an outro', 'format_script'],
    ['what should the cover image people see in search look like for my garden tour?', 'generate_thumbnail_concept'],
    ["haha that banner you made was great, my mum loved it. how's your week going? do you ever get tired of flyers", undefined],
    ['el sábado grabamos un vídeo para la tienda, de esos verticales, ¿me escribes qué sale en cada toma y lo que digo en voz en off?', 'format_reel'],
    ['can you write what i say to camera for my 8 minute explainer on heat pumps', 'format_script'],
    ['I am writing a newsletter piece on roof repairs. Could you give me the structure? main sections in order', 'generate_outline'],
    ['just posted my vid of the mill restoration, need ideas for the pic people see before they click', 'generate_thumbnail_concept'],
    ['a cover idea for the YouTube upload of our choir concert', 'generate_thumbnail_concept'],
    ['what should the cover photo be for my new youtube video on sharpening chisels?', 'generate_thumbnail_concept'],
    // Covers laid for diners are no picture; writing to a person is a message, whatever they shoot.
    ['turn this into a prep list for tomorrow: 60 covers for the wedding lunch, 20 covers for the bar', undefined],
    ['could you write to Priya (our photographer) and ask if the reel shoot can start at 10?', undefined],
    ['finished editing my bread video. what should the picture people see before they click on youtube look like?', 'generate_thumbnail_concept'],
    ['for my workshop on sourdough, can you sketch the structure first? just the bones of it', 'generate_outline'],
    ['we need a cover image for our new video on knife sharpening', 'generate_thumbnail_concept'],
    ['Let my Instagram followers know the shop is closed on Monday', 'format_post'],
    ['I want to thank my LinkedIn connections for 10k follows', 'format_post'],
    ["can you put a note up for our page that the ferry is cancelled today", 'format_post'],
    ['something short for our feed about the new opening hours', 'format_post'],
    ['can you knock up something for the parish facebook group about the jumble sale', 'format_post'],
    ['instagram blurb saying we are closed for stocktake on monday', 'format_post'],
    ['Reply in the email threads with the new dates', undefined],
    ['want to shoot a 45 second clip of the glass being blown, tell me what to say', 'format_reel'],
    ['a vertical video of our new espresso machine, write what happens shot by shot', 'format_reel'],
    ['Could you map out the main points for my talk to the rotary club?', 'generate_outline'],
    ['I give a workshop on beekeeping, what order should I cover things in? write it as headings', 'generate_outline'],
    ["I'm speaking at the allotment AGM. Can you give me some talking points and a rough structure?", 'generate_outline'],
    ['My neighbour sent me an agreement about the shared fence. Write me a letter to him asking for two weeks to read it.', undefined],
    ["We had a great quiz night. Can you write an Instagram post about it?", 'format_post'],
    ['Write a script for our Instagram reel about latte art', 'format_reel'],
    ['Write the script for my YouTube video, then cut a reel from it', 'format_script'],
    // A reminder is a message of its own, whatever it is about; an article for a platform is a post.
    ['text me a reminder to scan the fuel receipts on Friday', undefined],
    ['Write a LinkedIn article on why we moved the bakery to a four-day week', 'format_post'],
    // Kinds named in another language.
    ['Necesito un guion corto para el vídeo de bienvenida del gimnasio', 'format_script'],
    ['Kannst du ein Bild von unserem neuen Lieferwagen machen?', 'generate_image'],
    ['Peux-tu écrire la voix off pour la vidéo de la boulangerie ?', 'format_script'],
    ['Fai una miniatura per il video sulla pasta fresca', 'generate_thumbnail_concept'],
    ['Bitte prüfe diesen Arbeitsvertrag', 'analyze_legal_document'],
    ['Peux-tu relire mon bail avant que je signe ?', 'analyze_legal_document'],
    ['faz um texto curto pra insta sobre a promoção de verão', 'format_post'],
    // A platform says where a deliverable goes; the kind named is the deliverable.
    ["For our bakery's Insta can you draw a croissant wearing sunglasses?", 'generate_image'],
    ['For our LinkedIn page, write a post about the new hire', 'format_post'],
    ['Write a script for a YouTube Short about descaling kettles', 'format_reel'],
    ['un petit texte pour Facebook sur notre nouvelle terrasse', 'format_post'],
    ['They want to bail on the deal, write me a LinkedIn post about keeping promises', 'format_post'],
    // "What I'll say" with an adverb in it.
    ["Can you write what we'll really say at the start of the webinar?", 'format_script'],
    // Drawing asked in another language; a cover of a video named earlier is its thumbnail.
    ['Pour la fête du club, tu pourrais dessiner un hérisson qui joue au foot ?', 'generate_image'],
    ['Mi vídeo de YouTube sobre cómo afinar una guitarra sale el lunes. ¿Me propones una portada?', 'generate_thumbnail_concept'],
    ['My cooking video goes up Friday. I still need a cover, something bold.', 'generate_thumbnail_concept'],
    ["got any cover ideas for my next vid about fixing bikes?", 'generate_thumbnail_concept'],
    // A blurb is a short post; sections and subheadings, or structuring a piece, are its outline.
    ['Can I get a two-line blurb for the parish bulletin about the bake sale?', 'format_post'],
    ["I'm drafting a guide to repotting orchids, can you help me structure it?", 'generate_outline'],
    ['what subheadings would work for an article on cold plunges', 'generate_outline'],
    // An announcement or an ad named in another language; an intro or outro read out in a show is its script.
    ['annonce facebook : le marché de Noël ouvre samedi, ton joyeux', 'format_post'],
    ['Ankündigung: ab Montag haben wir länger geöffnet, kurz und freundlich bitte', 'format_post'],
    ['un anuncio corto: cerramos por vacaciones del 1 al 15 de agosto', 'format_post'],
    ['My webinar series restarts Monday. I need an opening I can read out, an intro of about a minute for episode one.', 'format_script'],
    ["write the outro for this week's podcast episode, thanking our sponsor", 'format_script'],
    ['I want an intro paragraph for my blog post about our podcast', 'format_post'],
    ['Our podcast turns one this week. Write an intro post for LinkedIn about the anniversary', 'format_post'],
    // Posters and flyers by their names in other languages; kinds written in Japanese, Chinese or Korean, which put no spaces between words.
    ['Pour la fête des voisins, une affiche A4 avec des ballons et la date du 14 juin', 'generate_image'],
    ['Necesito un cartel para la feria de artesanía del sábado, colores vivos', 'generate_image'],
    ['新商品の紹介動画（3分）の台本を書いてください。', 'format_script'],
    ['来週のセールのポスターを作ってもらえますか？', 'generate_image'],
    ['请帮我写一个两分钟的视频脚本，介绍我们的茶叶店', 'format_script'],
    ['이번 주 신메뉴 소개하는 인스타 게시물 써줘', 'format_post'],
    // A picture named by what it goes in ("a carousel graphic", "a story image") is the picture: the last noun is the head.
    ['Design a carousel graphic with our three best reviews', 'generate_image'],
    ['I need a story image for the flash sale tonight', 'generate_image'],
    ['Write a LinkedIn carousel about hiring juniors', 'format_post'],
    // "post-ready" describes the work; it names no post.
    ['I need the flyer image post-ready by noon', 'generate_image'],
    // The Mexican "nota" of a sale is its receipt.
    ['me ayudas a apuntar esta nota de la ferretería?\nFerretería El Clavo\n2 Brochas 90.00\nTotal 90.00', 'extract_receipt_data'],
  ])('%s → %s', (text, tool) => {
    expect(matchIntent(text)?.tool).toBe(tool);
  });

  it('reads a question about kinds of content as no ask to make one, unless it asks to make one', () => {
    expect(matchIntent("What's the difference between a reel and a story on Instagram?")).toBeUndefined();
    expect(matchIntent('whats the difference between a reel and a story? which one stays on my profile')).toBeUndefined();
    expect(matchIntent('What would you write in a LinkedIn post about our launch?')?.tool).toBe('format_post');
    expect(matchIntent('Which clauses in this contract are risky?')?.tool).toBe('analyze_legal_document');
    expect(matchIntent('quick question: how often should a bakery post reels?')).toBeUndefined();
    expect(matchIntent('Honest question, how many hashtags should an Instagram post have?')).toBeUndefined();
    expect(matchIntent('do you think a carousel works better than a single photo for recipes?')).toBeUndefined();
    // Someone else's wish about how we work is no ask: "wants us posting…", then the question.
    expect(matchIntent('my manager wants me doing TikToks every day but I think it hurts quality. am I wrong?')).toBeUndefined();
    expect(matchIntent('Should I write a LinkedIn post about the award?')?.tool).toBe('format_post');
    // What the question is about, set off by a comma before it.
    expect(matchIntent('for a dog groomer in Leeds, are reels still worth it on Instagram or are carousels better?')).toBeUndefined();
    expect(matchIntent('as a small bakery, can you write a post about our sourdough?')?.tool).toBe('format_post');
    expect(matchIntent('quick one - for a shop lease in Leeds is it usual to make the tenant pay for the landlord’s insurance?')).toBeUndefined();
    // A lead-in that says more than "quick question", and "give away" is no making.
    expect(matchIntent("Quick question before I sign: what should I watch for in a photography contract? I don't want to give away the copyright")).toBeUndefined();
  });

  it('reads a question about contracts or receipts in general as no ask to read one, unless it points at one', () => {
    expect(matchIntent('Quick one: is an arbitration clause binding in Germany? My gym membership contract has one.')).toBeUndefined();
    expect(matchIntent('Are handwritten receipts OK for expense claims?')).toBeUndefined();
    expect(matchIntent('hey, can a landlord put a non-compete in a lease?')).toBeUndefined();
    expect(matchIntent("I threw away the receipt for my kettle and it's broken. Can I still get a refund?")).toBeUndefined();
    expect(matchIntent('We run a dog-walking business. Should we be on TikTok or Instagram?')).toBeUndefined();
    expect(matchIntent('We run a dog-walking business. Write a TikTok about it. Should it be funny?')?.tool).toBe('format_reel');
    expect(matchIntent('our choir wants a short reel about the spring concert. what should we sing in it?')?.tool).toBe('format_reel');
    expect(matchIntent('my tiktoks used to get 2k views. why do they flop now and what time should we be posting')).toBeUndefined();
    expect(matchIntent('filming a 30 sec reel of the kiln opening. what should happen in it and what do i say')?.tool).toBe('format_reel');
    expect(matchIntent('Is this NDA one-sided?')?.tool).toBe('analyze_legal_document');
    expect(matchIntent('Is there anything in here I should worry about before I sign the lease?')?.tool).toBe('analyze_legal_document');
    // What someone else wants is context, and "here" as a place points at nothing.
    expect(matchIntent('My landlord said he would need a new lease signed. Is a verbal agreement binding until then?')).toBeUndefined();
    expect(matchIntent('Do builders here usually put penalty clauses in their contracts? Ours says they do')).toBeUndefined();
    expect(matchIntent('Here is the contract from the printer. Is the cancellation clause fair?')?.tool).toBe('analyze_legal_document');
    expect(matchIntent('one thing before my lease renews - can a landlord add a penalty clause halfway through?')).toBeUndefined();
    expect(matchIntent('is it usual for a photography contract to say the client owns everything I make, even old work?')).toBeUndefined();
  });

  it('reads a request to be walked through or told about something as no ask to make what it names', () => {
    const capabilities =
      'Please walk me through everything you can do for a small marketing team that posts every day on three networks, writes a newsletter each week, records short videos';
    expect(matchIntent(capabilities)).toBeUndefined();
    expect(matchIntent('Tell me what you can do with our reels and posts')).toBeUndefined();
    expect(matchIntent('Walk me through the NDA we signed')?.tool).toBe('analyze_legal_document');
  });

  it('reads boiling notes down and messaging people to do something as no deliverable, whatever the notes or the ask name', () => {
    expect(matchIntent('could u boil these notes down to a few takeaways for the board?\n- the reel script is late\n- the banner is printed')).toBeUndefined();
    expect(matchIntent('condense the notes below into three action items for the crew\n- scaffold arrives Monday\n- the video script is due Friday')).toBeUndefined();
    expect(matchIntent('remind the volunteers to bring photos of the garden for the newsletter')).toBeUndefined();
    expect(matchIntent('ping the team to share their pictures from the retreat')).toBeUndefined();
    expect(matchIntent('text the whole thing to Rosa so she can order the prints')).toBeUndefined();
    expect(matchIntent('no sign-off needed, just post-ready stuff')).toBeUndefined();
    expect(matchIntent('Write a post reminding the volunteers to bring photos')?.tool).toBe('format_post');
  });

  it('reads no kind into real words one slip away from one', () => {
    expect(matchIntent('Update the contact list')).toBeUndefined();
    expect(withLexiconSpelling('contact the team')).toBe('contact the team');
  });

  it('reads thanks or praise for what was made as no ask, unless more is asked for', () => {
    expect(matchIntent('Cheers, the banner looked brilliant on the stall. See you next month!')).toBeUndefined();
    expect(matchIntent('perfect, the thread went down really well with our followers, thank you')).toBeUndefined();
    expect(matchIntent('Thanks! Now a caption for the second photo please')?.tool).toBe('format_post');
    expect(matchIntent('great, do the same as a thread')?.tool).toBe('format_post');
    expect(matchIntent('Thanks. Could you draw the mascot waving?')?.tool).toBe('generate_image');
    // The thanks may come last, after what the made thing did.
    expect(matchIntent('The flyer you made for our bake sale had people queuing out the door. Thanks a lot!')).toBeUndefined();
    expect(matchIntent('that reel you wrote for us went viral!! thank u so much')).toBeUndefined();
    expect(matchIntent('honestly that flyer was brilliant, got 12 sign-ups from it. cheers!')).toBeUndefined();
    expect(matchIntent('The flyer you made was great. Thanks! Can you make another one for June?')?.tool).toBe('generate_image');
    expect(matchIntent('Post a caption about the sale on Instagram. Thanks!')?.tool).toBe('format_post');
  });

  it('reads a banner and an outline by their names in other languages, and a script with its verb before what it is for as that reel\'s', () => {
    expect(matchIntent('Pouvez-vous nous faire une bannière pour la page d\'accueil de la librairie ?')?.tool).toBe('generate_image');
    expect(matchIntent('Preciso de um esboço de artigo sobre hortas urbanas')?.tool).toBe('generate_outline');
    expect(matchIntent('Kunt u een script maken voor een TikTok over onze moestuin?')?.tool).toBe('format_reel');
    expect(matchIntent('Könnten Sie ein Skript schreiben für einen Reel über unsere Werkstatt?')?.tool).toBe('format_reel');
  });

  it('reads an idea for a cover as the thumbnail concept, and a cover image to make as a picture', () => {
    expect(matchIntent('Could you give me an idea for the podcast clip\'s cover image?')?.tool).toBe('generate_thumbnail_concept');
    expect(matchIntent('Make a cover image for the reel, bright colours')?.tool).toBe('generate_image');
  });

  it('reads news of how a made thing did as no ask, the ask after a correction as the one meant, and the parts of a structure in French', () => {
    expect(matchIntent('lol the flyer you did got like 80 people to the quiz, you were right about the colours. madness here this week')).toBeUndefined();
    expect(matchIntent('can you write me a script for a long youtube video on sharpening chisels... actually no, better a 30 second reel for instagram')?.tool).toBe('format_reel');
    expect(matchIntent('Pour mon article sur la randonnée, je veux seulement les grandes parties et les intertitres, pas le texte.')?.tool).toBe('generate_outline');
  });

  it('reads "le script d\'un reel" as the reel\'s script, and no contract inside "décontracté"', () => {
    expect(matchIntent('Peux-tu écrire le script d\'un reel sur notre atelier de poterie ?')?.tool).toBe('format_reel');
    expect(matchIntent('Un post pour Instagram, ton décontracté, sur la fête du village')?.tool).toBe('format_post');
  });
});
