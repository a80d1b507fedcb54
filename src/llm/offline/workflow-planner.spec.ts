import { askOfGoal, planWorkflow } from './workflow-planner.js';

const stepsOf = (goal: string) => planWorkflow(goal).steps.map((step) => [step.description, step.agentId, step.requiresApproval]);

describe('planWorkflow', () => {
  it('makes each deliverable its own step, sharing the topic, and leaves the schedule out of the steps', () => {
    const plan = planWorkflow('Every Monday, write a LinkedIn post and an image about our weekly product news');
    expect(plan.title).toBe('Write a LinkedIn post and an image about our weekly product news');
    expect(plan.steps).toEqual([
      { description: 'Write a LinkedIn post about our weekly product news', agentId: 'social', requiresApproval: false },
      { description: 'Make an image about our weekly product news', agentId: 'social', requiresApproval: false },
    ]);
  });

  it('turns "publish it after review" into approval of the step before, saying that a person publishes it', () => {
    expect(stepsOf('Outline a LinkedIn post about our week. Then write it and publish it after review.')).toEqual([
      ['Outline a LinkedIn post about our week', 'social', false],
      ['Write the LinkedIn post about our week based on step 1, for your approval before it is published', 'social', true],
    ]);
  });

  it("folds a summary of what a contract review found into the review, but not an email about it nor a summary of receipts", () => {
    expect(stepsOf("Read through the NDA from Acme and summarise the parts I should worry about, then draft a reply email saying we're fine to sign")).toEqual([
      ['Read through the NDA from Acme and summarise the parts I should worry about', 'legal', false],
      ["Draft a reply email saying we're fine to sign", 'general', false],
    ]);
    expect(stepsOf('Go over the lease and explain which clauses could hurt me').map(([, agent]) => agent)).toEqual(['legal']);
    // "them" is the email's topic; the email is the general agent's to write.
    expect(stepsOf('Check the supplier agreement for risks and summarise them in an email to our CFO').map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(stepsOf('Read my receipts, summarise the spending and email it to finance').map(([, agent]) => agent)).toEqual(['finance', 'general']);
  });

  it('reads "then", "after that", "finally", commas and "first… second…" alike', () => {
    const expected = [
      ['Outline an Instagram post about summer', 'social', false],
      ['Write the Instagram post about summer based on step 1', 'social', false],
      ['Make a picture for the Instagram post about summer', 'social', false],
    ];
    expect(stepsOf('First, outline an Instagram post about summer. Second, write it. Third, make a picture for it.')).toEqual(expected);
    expect(stepsOf('Outline an Instagram post about summer, then write it, and finally make a picture for it')).toEqual(expected);
    expect(stepsOf('Outline an Instagram post about summer. After that write it. Make a picture for it')).toEqual(expected);
  });

  it('reads numbered and bulleted lists under a heading', () => {
    expect(stepsOf('Weekly video:\n1. Write a YouTube script about testing\n2) Suggest thumbnail concepts for it\n- Publish after approval')).toEqual([
      ['Write a YouTube script about testing', 'video', false],
      ['Suggest thumbnail concepts for the YouTube script about testing, for your approval before it is published', 'video', true],
    ]);
  });

  it('marks the step a review phrase qualifies, wherever the phrase stands', () => {
    expect(stepsOf('Write a LinkedIn post about hiring for my approval and make an image for it')).toEqual([
      ['Write a LinkedIn post about hiring', 'social', true],
      ['Make an image for the LinkedIn post about hiring', 'social', false],
    ]);
    expect(stepsOf('Review the vendor contract and get sign-off from legal before sending it')).toEqual([['Review the vendor contract', 'legal', true]]);
    expect(stepsOf('Write a reel about coffee. I want to review it first.')).toEqual([['Write a reel about coffee', 'video', true]]);
  });

  it('gives work no tool makes to the general agent, and "email it" to a person after approval', () => {
    expect(stepsOf('Read my receipts, summarise the spending and email it to finance')).toEqual([
      ['Read my receipts', 'finance', false],
      ['Summarise the spending, for your approval before it is emailed', 'general', true],
    ]);
  });

  it('keeps a one-sentence goal as one step, does not split a topic list, and caps plans at 20 steps', () => {
    expect(stepsOf('Outline a post about speed, quality and cost')).toEqual([['Outline a post about speed, quality and cost', 'social', false]]);
    const long = Array.from({ length: 30 }, (_, i) => `Write post number ${i + 1}.`).join(' ');
    expect(planWorkflow(long).steps).toHaveLength(20);
  });

  it('shortens long titles at a word boundary', () => {
    const plan = planWorkflow(`${'word '.repeat(40)}end`);
    expect(plan.title.length).toBeLessThanOrEqual(80);
    expect(plan.title.endsWith('…')).toBe(true);
  });

  it('reads a clause about a person deciding as approval of the step it qualifies, never as a step (issue #37)', () => {
    expect(
      stepsOf(
        "Take the supplier contract I uploaded, tell me which clauses are risky, and then draft a polite email to the supplier asking to change them. I need to see the email before it's sent.",
      ),
    ).toEqual([
      ['Tell me which clauses are risky in the supplier contract I uploaded', 'legal', false],
      ['Draft a polite email to the supplier asking to change them, for your approval before it is sent', 'general', true],
    ]);
    expect(stepsOf('Draft three tweet variations announcing our webinar on March 5th and let me pick one')).toEqual([
      ['Draft three tweet variations announcing our webinar on March 5th', 'social', true],
    ]);
  });

  it('knows deliverables by kind: threads, captions, banners, voice-overs', () => {
    expect(
      stepsOf('Write a caption for our Instagram carousel about the spring collection, design a banner for the website and a voice-over for the launch video'),
    ).toEqual([
      ['Write a caption for our Instagram carousel about the spring collection', 'social', false],
      ['Design a banner for the website', 'social', false],
      ['Write a voice-over for the launch video', 'video', false],
    ]);
    expect(stepsOf('Twice a week (Tuesdays and Fridays at 3pm) write an X thread about productivity tips')).toEqual([
      ['Write an X thread about productivity tips', 'social', false],
    ]);
  });

  it('reads chatty goals: a scene-setting first sentence and interjections are no steps, a check goes to the output it names', () => {
    expect(
      stepsOf('hey so our bakery turns 10 next week!! could u write up an insta post about it and then make a nice pic to go with it? oh and let me check the post before it goes up'),
    ).toEqual([
      ['Write up an insta post about it, for your approval before it is published', 'social', true],
      ['Make a nice pic to go with the insta post about it', 'social', false],
    ]);
  });

  it('puts a check of "them", "both" or "everything" on every output so far, and reads "run it by me" as one', () => {
    expect(stepsOf('Draw a cartoon of our mascot, and write a facebook post to go with it. let me see them first').map((step) => step[2])).toEqual([true, true]);
    expect(stepsOf('draft a linkedin post about our price change and an image for it too, after that run the post by me before it goes out')).toEqual([
      ['Draft a linkedin post about our price change, for your approval before it is published', 'social', true],
      ['Make an image for it too', 'social', false],
    ]);
  });

  it('starts a step on any verb over a deliverable, gives a verbless deliverable its kind\'s verb, and reads "once you\'ve done that" as a sequence', () => {
    expect(stepsOf('Write a script for a 2 minute explainer about our app, then chop it into a 30 sec reel')).toEqual([
      ['Write a script for a 2 minute explainer about our app', 'video', false],
      ['Chop it into a 30 sec reel', 'video', false],
    ]);
    expect(stepsOf('I want a short reel showing how we roast our beans; after you\'ve done that, write a caption for it')).toEqual([
      ['Write a short reel showing how we roast our beans', 'video', false],
      ['Write a caption for the short reel showing how we roast our beans', 'social', false],
    ]);
  });

  it('keeps what to flag in a contract in its analysis step, and names the target of "turn X into Y" as what a later step is for', () => {
    expect(stepsOf("Take a look at my employment contract, especially the non-compete, and tell me what's risky")).toEqual([
      ["Take a look at my employment contract, especially the non-compete, and flag what's risky", 'legal', false],
    ]);
    expect(stepsOf('could you turn our Q3 results outline into the actual linkedin post and make a graphic for it')).toEqual([
      ['Turn our Q3 results outline into the actual linkedin post', 'social', false],
      ['Make a graphic for the actual linkedin post', 'social', false],
    ]);
  });

  it('drops a lead-in before a colon and a condition, and reads "Both need my OK" as a check of both', () => {
    expect(
      stepsOf("So basically I need two things: an outline for a webinar on cash flow, and after it's finished an email invite to our customers. Show me the invite first."),
    ).toEqual([
      ['Draft an outline for a webinar on cash flow', 'social', false],
      ['Write an email invite to our customers', 'general', true],
    ]);
    expect(stepsOf("Review the attached NDA; if there's anything weird, draft a note to our lawyer summarising it").map((step) => step[1])).toEqual(['legal', 'general']);
    expect(stepsOf('Make a YouTube thumbnail and a 45-second script for our unboxing video. Both need my OK').map((step) => step[2])).toEqual([true, true]);
  });
  it('keeps pasted lines after a request to read them as that step\'s material, until a line asks for work again', () => {
    expect(stepsOf("I've attached the lease, tell me which clauses could hurt me")).toEqual([['Tell me which clauses could hurt me in the lease', 'legal', false]]);
    expect(stepsOf('Can you read this contract and list anything unusual?\nSERVICES AGREEMENT\n1. The Client shall pay within 90 days.\n2. This agreement renews automatically.')).toEqual([
      ['Read this contract and list anything unusual\nSERVICES AGREEMENT\n1. The Client shall pay within 90 days.\n2. This agreement renews automatically.', 'legal', false],
    ]);
    expect(stepsOf("Here's my receipt from the garage - pull out the total\nSmith Auto\nOil change 49.99\nTotal 49.99\nThen write a thank-you note to the mechanic")).toEqual([
      ['Pull out the total in my receipt from the garage\nSmith Auto\nOil change 49.99\nTotal 49.99', 'finance', false],
      ['Write a thank-you note to the mechanic', 'general', false],
    ]);
    // Lines that read as a receipt make the step a receipt's reading, the word unsaid.
    expect(stepsOf("Can you add these up for my expense report?\nUber 23.40\nLunch at Nando's 14.95\nTotal 38.35")).toEqual([
      ["Add these up for my expense report\nUber 23.40\nLunch at Nando's 14.95\nTotal 38.35", 'finance', false],
    ]);
    expect(stepsOf("I'm forwarding the consulting agreement below - point out anything that favours them, then draft a reply asking for net-30 payment\nCONSULTING AGREEMENT\n1. Client may terminate at any time.")).toEqual([
      ['Point out anything that favours them in the consulting agreement below\nCONSULTING AGREEMENT\n1. Client may terminate at any time.', 'legal', false],
      ['Draft a reply asking for net-30 payment', 'general', false],
    ]);
    // Clauses numbered 4.1 or § 3, under a blank line, and a word of another kind in them ("receipt"), are still the material.
    expect(stepsOf('Check these clauses from the lease, then draft a reply to the agent.\n\n4.1 Rent is due within 5 days of receipt of the invoice; late rent accrues 2% per month.\n§ 9 The lease renews automatically.')).toEqual([
      ['Check these clauses from the lease\n4.1 Rent is due within 5 days of receipt of the invoice; late rent accrues 2% per month.\n§ 9 The lease renews automatically.', 'legal', false],
      ['Draft a reply to the agent', 'general', false],
    ]);
    // Without a request to read something, lines are still steps.
    expect(stepsOf('Write a post about our launch\nMake a banner for it')).toEqual([
      ['Write a post about our launch', 'social', false],
      ['Make a banner for the post about our launch', 'social', false],
    ]);
  });

  it('makes mailing a post or picture to people a message of its own, and sending a message on its release', () => {
    expect(stepsOf('Write an Instagram caption for the bake sale. Dana has to approve it, then email the final version to the volunteers.')).toEqual([
      ['Write an Instagram caption for the bake sale', 'social', true],
      ['Email the final version to the volunteers', 'general', false],
    ]);
    expect(stepsOf('Write a LinkedIn post about the bake sale and post it on LinkedIn')).toEqual([
      ['Write a LinkedIn post about the bake sale, for your approval before it is posted', 'social', true],
    ]);
    expect(stepsOf('Summarise the week and email it to the board')).toEqual([['Summarise the week, for your approval before it is emailed', 'general', true]]);
  });

  it('names what an outline by another name is for when a later step refers to it', () => {
    expect(stepsOf('Put together a few talking points for an Instagram post about the pop-up, then write it')).toEqual([
      ['Put together a few talking points for an Instagram post about the pop-up', 'social', false],
      ['Write the Instagram post about the pop-up based on step 1', 'social', false],
    ]);
  });

  it('joins asks with "+", reads "check for" as work and "grab the details off it" as work on the material', () => {
    expect(stepsOf('make a reel script for the bake sale + a caption to go with it').map(([, agent]) => agent)).toEqual(['video', 'social']);
    expect(stepsOf('the landlord sent these, check for anything unfair and then draft a reply:\n1. The Tenant pays all repairs.\n2. The Landlord may end the lease at any time.').map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(stepsOf("Here's the receipt from the garden centre. Grab the details off it, then write a note to Sam saying what he owes.\nCompost £6.00\nTrowel £4.50\nTotal £10.50").map(([, agent]) => agent)).toEqual(['finance', 'general']);
    expect(stepsOf('Summarise these notes:\n- budget renewal due 1 May\n- next sync Friday').map(([, agent]) => agent)).toEqual(['general']);
  });

  it('reads an output held back until a person decides, or cleared with a person, as approval of its step', () => {
    expect(stepsOf("Write a Facebook post about our charity bake sale but don't share it until my co-founder has approved it")).toEqual([
      ['Write a Facebook post about our charity bake sale, for your approval before it is published', 'social', true],
    ]);
    expect(stepsOf('Draft a thank-you email to our volunteers and clear it with me before sending')).toEqual([
      ['Draft a thank-you email to our volunteers, for your approval before it is sent', 'general', true],
    ]);
    expect(stepsOf('Write a blog post about our roadmap - keep it as a draft until the team has read it')).toEqual([['Write a blog post about our roadmap', 'social', true]]);
    expect(stepsOf("Write a tweet about the sale and don't post it until Friday")).toHaveLength(2);
  });

  it('makes a picture that comes with a deliverable a step of its own, and puts a sign-off by anyone on the output it names', () => {
    expect(stepsOf('Draft a LinkedIn post about our new office with a photo of the terrace. The partners must approve the post.')).toEqual([
      ['Draft a LinkedIn post about our new office', 'social', true],
      ['Make a photo of the terrace', 'social', false],
    ]);
    expect(stepsOf('Write a tweet with five bullet points on saving energy').map(([, agent]) => agent)).toEqual(['social']);
    expect(stepsOf('write a reel script and a thumbnail idea. sam needs to approve the thumbnail').map(([, , approval]) => approval)).toEqual([false, true]);
  });

  it('writes what a scene sentence is about in place of a later "about it"', () => {
    expect(stepsOf("We're opening a second bike workshop in Ghent next month. Write a LinkedIn post about it.")).toEqual([
      ['Write a LinkedIn post about our second bike workshop', 'social', false],
    ]);
    expect(stepsOf('Harvest starts next week. Write a post about it.')).toEqual([['Write a post about it', 'social', false]]);
  });

  it('gives a deliverable that names no subject of its own the thing a scene sentence is about', () => {
    expect(stepsOf('This spring we start renting out electric cargo bikes. Make a Facebook post, then turn that post into a reel. A flyer for the counter as well.')).toEqual([
      ['Make a Facebook post about electric cargo bikes', 'social', false],
      ['Turn that post into a reel', 'video', false],
      ['Make a flyer for the counter as well', 'social', false],
    ]);
    // A kind or a platform after "for" is no subject; a subject of the step's own is kept.
    expect(stepsOf('We are opening a tiny wine bar. Sketch an outline for a blog article, and write an Instagram caption about our opening hours.')).toEqual([
      ['Sketch an outline for a blog article about our tiny wine bar', 'social', false],
      ['Write an Instagram caption about our opening hours', 'social', false],
    ]);
  });

  it('reads how people run asks together: a texted "n", ", with a picture", "before and after", "so she needs to check", an adverb before the verb', () => {
    expect(stepsOf('write a fb post abt the quiz night n a poster for the pub door').map(([, agent]) => agent)).toEqual(['social', 'social']);
    expect(stepsOf('write an instagram post about our new kiln with a before and after photo of the studio so he needs to check the post before it goes up')).toEqual([
      ['Write an instagram post about our new kiln, for your approval before it is published', 'social', true],
      ['Make a before-and-after photo of the studio', 'social', false],
    ]);
    expect(stepsOf('Summarise the feedback forms into a list, and separately draft thank-you notes to the volunteers').map(([, agent]) => agent)).toEqual(['general', 'general']);
  });

  it('reads approvals as people state them: anyone with an appositive, a relative clause, a note, the wording, a waived check', () => {
    expect(stepsOf('Draft a reply to the council — Priya, our clerk, has to approve it before I send it').map(([, , approval]) => approval)).toEqual([true]);
    expect(stepsOf('Write replies to the new reviews that our manager approves before they are posted').map(([, , approval]) => approval)).toEqual([true]);
    expect(stepsOf('Write a LinkedIn post about the award and make a banner. Both go to Kemi for sign-off first.').map(([, , approval]) => approval)).toEqual([true, true]);
    expect(stepsOf('Write a tweet about the sale with a picture of the shop. I want to check the wording first.').map(([, , approval]) => approval)).toEqual([true, false]);
    expect(stepsOf('write a caption for the new menu n a photo of it, no need to run it by me').map(([, , approval]) => approval)).toEqual([false, false]);
    expect(stepsOf('Outline the AGM talk. My co-chair Femi signs off the outline.').map(([, , approval]) => approval)).toEqual([true]);
    expect(stepsOf('Outline the open day talk and write a post. The head wants to see the outline before anything else.').map(([, , approval]) => approval)).toEqual([true, false]);
  });

  it('reads terms the ask says are to be signed as the contract, in everyday words, and leaves their days out of the schedule', () => {
    const goal = "Is this ok to sign? then write a reply asking to drop the last bit\n1. You will walk the dogs every weekday at 8 for £60 a week.\n2. We can end this whenever we want.";
    expect(stepsOf(goal).map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(askOfGoal(goal)).toBe('Is this ok to sign? then write a reply asking to drop the last bit');
  });

  it('reads a product review as content, and the deal a contract is about as its material', () => {
    expect(stepsOf('Write a script for my review of the new espresso grinder, and a thumbnail')).toEqual([
      ['Write a script for my review of the new espresso grinder', 'video', false],
      ['Suggest a thumbnail', 'video', false],
    ]);
    const goal = 'Check this agreement, then write a reply to the studio\n1. Fee: $900 for the wedding photos and a short video.\n2. The Studio may cancel at any time.';
    expect(stepsOf(goal).map(([, agent]) => agent)).toEqual(['legal', 'general']);
  });

  it('makes a written piece no tool makes its own step when a deliverable is listed beside it, with or without a tool of its own', () => {
    expect(stepsOf('Draft the thank-you letter to donors and an Instagram post about the appeal')).toEqual([
      ['Draft the thank-you letter to donors', 'general', false],
      ['Write an Instagram post about the appeal', 'social', false],
    ]);
    expect(stepsOf('we need a banner for the stall, a facebook post and a short email to the volunteers about setting up at 7').map(([, agent]) => agent)).toEqual([
      'social',
      'social',
      'general',
    ]);
  });

  it('reads a check stated of the output ("the post needs sign-off from our chair") and a pick "for me to choose from" as approval', () => {
    expect(stepsOf('Write a post about the reopening and a poster. The poster needs sign-off from our director before it is printed.')).toEqual([
      ['Write a post about the reopening', 'social', false],
      ['Make a poster', 'social', true],
    ]);
    expect(stepsOf('Write a script on descaling a kettle and a thumbnail; the thumbnail has to be approved by Lena').map(([, , approval]) => approval)).toEqual([false, true]);
    expect(stepsOf('Outline the talk, plus four banner ideas for us to choose between')).toEqual([
      ['Outline the talk', 'social', false],
      ['Make four banner ideas', 'social', true],
    ]);
  });

  it('puts a check on the step whose output it names by its word, when that step is of another kind ("the script" of a TikTok)', () => {
    expect(stepsOf('Write a YouTube Shorts script about our pottery kiln and a thumbnail for it. My partner must check the script first.').map(([, , approval]) => approval)).toEqual([true, false]);
  });

  it('puts a check on the written piece no tool makes when it names that piece ("the letter", "the reply"), not on the last step', () => {
    expect(stepsOf('Write a letter to the parish council about the hedge, a Facebook post and a flyer. Gwen has to sign the letter off.').map(([, , approval]) => approval)).toEqual([true, false, false]);
    expect(stepsOf('Draft a reply to the venue, then a thank-you post with a picture; my co-host approves the reply').map(([, , approval]) => approval)).toEqual([true, false, false]);
  });

  it('keeps a destination said after the last item of a list ("for the window") on that item alone, and a purpose said first on every item', () => {
    expect(stepsOf('For the reopening we need a Facebook post, a reel and a banner for the front door')).toEqual([
      ['Write a Facebook post for the reopening', 'social', false],
      ['Make a reel for the reopening', 'video', false],
      ['Make a banner for the front door for the reopening', 'social', false],
    ]);
    expect(stepsOf('Right, here\'s the deal: the cafe turns five on Friday. I need a tweet and a flyer for our website about the birthday cake raffle')).toEqual([
      ['Write a tweet about the birthday cake raffle', 'social', false],
      ['Make a flyer for our website about the birthday cake raffle', 'social', false],
    ]);
  });

  it('reads "do a reel" as work, options of the thing before as its count, a decision given ("gives it the thumbs up") as a check', () => {
    expect(stepsOf('Write a Facebook post about the quiz, design a flyer, and do a 30-second reel of the trophy')).toEqual([
      ['Write a Facebook post about the quiz', 'social', false],
      ['Design a flyer', 'social', false],
      ['Do a 30-second reel of the trophy', 'video', false],
    ]);
    expect(stepsOf('banner for the spring fair pls. show me three versions to choose from')).toEqual([['Make banner for the spring fair, three options', 'social', true]]);
    expect(stepsOf('Write the newsletter outline, then a tweet. Our chair gives the outline a final nod before anything goes out.').map(([, , approval]) => approval)).toEqual([true, false]);
    expect(stepsOf('Draft a LinkedIn post and a poster; Ravi has to give the poster the green light').map(([, , approval]) => approval)).toEqual([false, true]);
  });

  it('reads a wish to reach an end ("I\'d like to get the word out") as what the asks after it are for, not a step', () => {
    expect(stepsOf("We've run the village shop for thirty years. We want to bring back the Saturday crowd. Could you write a Facebook post about the new deli counter and an email to our regulars?")).toEqual([
      ['Write a Facebook post about the new deli counter', 'social', false],
      ['Write an email to our regulars', 'general', false],
    ]);
  });

  it('reads a pasted contract\'s titled clauses as its material whatever verb their terms open on, under a request of several sentences', () => {
    const goal = 'Our landlord sent this over. Can you check it for anything unfair, then write a reply asking for clause 4 to go? I want to read the reply first.\n\nSHOP LEASE\n1. Rent. The Tenant shall pay £900 a month.\n4. Signs. Put up no signs without the Landlord’s written consent.\n5. Law. This lease is governed by English law.';
    expect(stepsOf(goal).map(([, agent, approval]) => [agent, approval])).toEqual([
      ['legal', false],
      ['general', true],
    ]);
  });

  it('reads checks as people type them: a wish without its "I", a role after a name, "quiero revisarlo", options of a named thing', () => {
    expect(stepsOf('a reel + a caption for the raffle. want to see the reel first').map(([, , approval]) => approval)).toEqual([true, false]);
    expect(stepsOf('Write the parish newsletter outline and a poster. Father Tom as parish priest has to approve the poster.').map(([, , approval]) => approval)).toEqual([false, true]);
    expect(stepsOf('Escribe un post para Facebook sobre la feria y una imagen. La imagen quiero verla antes.').map(([, , approval]) => approval)).toEqual([false, true]);
    expect(stepsOf('Draft a thank-you email to the volunteers, then design a banner for the fun run. Show me three options for the banner so I can choose.')).toEqual([
      ['Draft a thank-you email to the volunteers', 'general', false],
      ['Design a banner for the fun run, three options', 'social', true],
    ]);
  });

  it('keeps a deliverable listed after a summary in German ("und dazu ein Post") its own step, and a picture made to go with a post off the scene', () => {
    expect(stepsOf('Jeden Montag: eine Zusammenfassung der Bestellungen für Jonas, und dazu ein Instagram-Post mit dem Angebot der Woche').map(([, agent]) => agent)).toEqual(['general', 'social']);
    expect(stepsOf('Our Instagram has been quiet since spring. Write a post on our autumn opening hours and a matching picture to go with it.')).toEqual([
      ['Write a post on our autumn opening hours', 'social', false],
      ['Make a matching picture to go with it', 'social', false],
    ]);
  });

  it('reads options asked of a named thing "first" or picked from as its approval, and what to ask a person in the message to them', () => {
    expect(stepsOf('We need:\n- a poster for the gig\n- a newsletter blurb\n- a text to the band\nshow me three poster options first, I\'ll pick one before anything else')).toEqual([
      ['Make a poster for the gig, three options', 'social', true],
      ['Write a newsletter blurb', 'social', false],
      ['Write a text to the band', 'general', false],
    ]);
    expect(stepsOf('Write to Marta at the print shop and ask whether the banner proofs can be ready by Tuesday, then draft a post about the fair')).toEqual([
      ['Write to Marta at the print shop and ask whether the banner proofs can be ready by Tuesday', 'general', false],
      ['Draft a post about the fair', 'social', false],
    ]);
  });

  it('reads a message by its short name ("msg"), a check as "eyeball", a Spanish check on "el guion del reel", a dash after the schedule', () => {
    expect(stepsOf('a carousel for the sale, a cover image for it, and a msg to the staff about the new rota').map(([, agent]) => agent)).toEqual(['social', 'social', 'general']);
    expect(stepsOf('every weekday at 9 — draft the standup notes + write replies to the angry reviews. dev wants to eyeball the replies before they go out').map(([, , approval]) => approval)).toEqual([false, true]);
    expect(stepsOf('Escribe un post sobre la feria y la imagen del cartel. La imagen del cartel quiero verla yo antes.').map(([, , approval]) => approval)).toEqual([false, true]);
  });

  it('reads a kind said again with "first" as its order, items numbered after a lead-in, a list beside a message, a waiver holding a review phrase', () => {
    expect(stepsOf('plan for the week: a youtube video on fixing a leaky tap. script first, then a thumbnail, then an instagram post. i want to pick the thumbnail').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['video', false],
      ['video', true],
      ['social', false],
    ]);
    expect(stepsOf('Every Monday, please do the following: 1) a banner for the new stock, 2) a LinkedIn post on the best seller, 3) an email to the reps.')).toEqual([
      ['Make a banner for the new stock', 'social', false],
      ['Write a LinkedIn post on the best seller', 'social', false],
      ['Write an email to the reps', 'general', false],
    ]);
    expect(stepsOf('pls write up a packing list for the stall and an email to the market office about our pitch').map(([, agent]) => agent)).toEqual(['general', 'general']);
    expect(stepsOf('Write a blog outline and a tweet. No need for me to review any of it, just go ahead.').map(([, , approval]) => approval)).toEqual([false, false]);
    expect(stepsOf('Outline the talk, then write a post on it. Let me read the outline before you carry on.').map(([, , approval]) => approval)).toEqual([true, false]);
    expect(stepsOf('Write a post and a flyer. I want to okay the flyer first.').map(([, , approval]) => approval)).toEqual([false, true]);
    expect(stepsOf('can u do a flyer for the fete and a fb post? the flyer needs Ruth\'s ok').map(([, , approval]) => approval)).toEqual([true, false]);
  });

  it('reads a check by a role with the name set off ("our chair, Ruth Okafor, signs off"), and "give the thumbs-up on" the output', () => {
    expect(stepsOf('- a flyer for the fete\n- a post for the parish page\nOur chair, Ruth Okafor, signs off the flyer before anything is printed.').map(([, , approval]) => approval)).toEqual([true, false]);
    expect(stepsOf('Summarise the week\'s orders and write a text to the drivers. Lwazi has to give the green light on the text first.').map(([, , approval]) => approval)).toEqual([false, true]);
  });

  it('reads a Spanish purpose said first ("para la feria necesitamos…") and Spanish kinds of poster and mail', () => {
    expect(stepsOf('Para la kermés del colegio necesitamos un afiche con los horarios y un correo a las familias.').map(([, agent]) => agent)).toEqual(['social', 'general']);
  });

  it('appends no scene to a piece that refers to what was made before ("to let people know it is out")', () => {
    expect(stepsOf("We're opening a second bakery in May. Record a podcast script on bread and a post to tell followers it is live.")).toEqual([
      ['Record a podcast script on bread', 'video', false],
      ['Write a post to tell followers it is live', 'social', false],
    ]);
  });

  it('reads outputs let go unchecked, leave to go on and remarks on why as no steps, and "want a look at" as a check', () => {
    expect(stepsOf('- a flyer for the plant sale\n- a tweet about it\n- an email to the volunteers\nthe flyer and the tweet can just go, no need to show me. Tom will want a look at the email before it goes.')).toEqual([
      ['Make a flyer for the plant sale', 'social', false],
      ['Write a tweet about the flyer for the plant sale', 'social', false],
      ['Write an email to the volunteers, for your approval before it is sent', 'general', true],
    ]);
    expect(stepsOf('log the fuel receipt, then fire off a text to Jo with the total. dont need to see it, just send it, i am out all day').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['finance', false],
      ['general', false],
    ]);
    expect(stepsOf('every morning a caption for the special and a reminder to the drivers about the routes. we have got 4 drivers and someone always forgets').map(([, agent]) => agent)).toEqual(['social', 'general']);
  });

  it('reads "each time" before the ask as when, not as what is made, and names an earlier output without its brackets', () => {
    expect(stepsOf('each time i need the episode script (40 mins, me and a guest) and then a short reel script pulling the best tip out of it')).toEqual([
      ['Write the episode script (40 mins, me and a guest)', 'video', false],
      ['Make a short reel script pulling the best tip out of the episode script', 'video', false],
    ]);
  });

  it('reads what a team does each time as the scene, what a message asks people to do as its own, and what an email comes with as its content', () => {
    expect(stepsOf('Every Friday we make the week\'s podcast episode. The plan each time: the full script, a cover idea for the YouTube upload and a short reel. Ama signs off the script first.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['video', true],
      ['video', false],
      ['video', false],
    ]);
    expect(stepsOf('draft a reminder to all drivers to check their tyres and log any damage by Friday, and write a checklist for me. I want to okay the reminder first.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['general', true],
      ['general', false],
    ]);
    expect(stepsOf('draft an email to the parents with the trip dates and a reminder to return the consent forms').map(([, agent]) => agent)).toEqual(['general']);
    expect(stepsOf('draft replies to the new reviews + a to-do list for the morning shift. Kofi likes to glance over the replies first').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['general', true],
      ['general', false],
    ]);
    expect(stepsOf('Escribe un post sobre la feria y una imagen del puesto. La imagen quiero elegirla yo.').map(([, , approval]) => approval)).toEqual([false, true]);
  });

  it('reads "tell me what is unfair" after reading pasted terms as what that reading flags', () => {
    const goal = 'The gym sent me this. can you go through it and tell me what is unfair, then draft a reply to the manager.\n\nMEMBERSHIP TERMS\n1. Term. This membership renews automatically each year.\n2. Fees. The Member shall pay 40 pounds a month.\n3. Law. The laws of England govern these terms.';
    expect(stepsOf(goal).map(([, agent]) => agent)).toEqual(['legal', 'general']);
  });

  it('reads asks and checks in French and Spanish: "j\'aimerais que tu fasses", "Léa valide toujours", "no hace falta que me lo enseñes"', () => {
    expect(stepsOf("Chaque lundi à 9h, j'aimerais que tu fasses un petit récap des commandes et ensuite un post Instagram. Léa valide toujours le post avant qu'il parte.").map(([, agent, approval]) => [agent, approval])).toEqual([
      ['general', false],
      ['social', true],
    ]);
    expect(stepsOf('Hazme una imagen del menú y el texto para Facebook. No hace falta que me lo enseñes antes.').map(([, , approval]) => approval)).toEqual([false, false]);
  });

  it('reads a cover in Portuguese ("capa") for a video as its thumbnail, a step of its own', () => {
    expect(stepsOf('Fazer um roteiro para o vídeo do canal sobre cerâmica e uma capa para o vídeo')).toEqual([
      ['Fazer um roteiro para o vídeo do canal sobre cerâmica', 'video', false],
      ['Fazer uma capa para o vídeo', 'video', false],
    ]);
  });

  it('keeps a name\'s capital after the verb a deliverable without one is given', () => {
    expect(stepsOf('YouTube script for our spring clean-up day, plus an Instagram caption')).toEqual([
      ['Write YouTube script for our spring clean-up day', 'video', false],
      ['Make an Instagram caption', 'social', false],
    ]);
  });

  it('reads a check in brackets, in any verb of approving ("I\'ll okay the post first")', () => {
    expect(stepsOf('Write a thread about our new opening hours (I\'ll okay the thread first) and make a banner')).toEqual([
      ['Write a thread about our new opening hours', 'social', true],
      ['Make a banner', 'social', false],
    ]);
  });

  it('makes "the thumbnail image" a picture, the video agent\'s when it is for a video', () => {
    expect(stepsOf('Suggest thumbnail ideas for the pasta video, then make the thumbnail image from the best one')).toEqual([
      ['Suggest thumbnail ideas for the pasta video', 'video', false],
      ['Make the thumbnail image from the best one', 'video', false],
    ]);
    expect(stepsOf('Write a script for the pasta video, then draw a still of the finished dish for the end of the video').map(([, agent]) => agent)).toEqual(['video', 'video']);
    expect(stepsOf('Write a reel script about our pizza oven and a poster image for the window').map(([, agent]) => agent)).toEqual(['video', 'social']);
  });

  it('reads checks and joins in the words asks come in: brackets, an abbreviation, a chat, a dash, a mixed language, thanks', () => {
    expect(stepsOf('Write the term newsletter (dates, the fair, who runs the raffle) and a post about the fair')).toEqual([
      ['Write the term newsletter (dates, the fair, who runs the raffle)', 'general', false],
      ['Write a post about the fair', 'social', false],
    ]);
    expect(stepsOf('Write a post thanking our guest (Dr. Lee, from the clinic). The post needs sign-off from our chair.')).toEqual([
      ['Write a post thanking our guest (Dr. Lee, from the clinic)', 'social', true],
    ]);
    expect(stepsOf('Draft the invoice reminder email (our accountant wants to see it before it goes) and a short text version').map(([, , approval]) => approval)).toEqual([true, false]);
    expect(stepsOf('write the recap — Sam the club captain signs it off — and an insta post').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['general', true],
      ['social', false],
    ]);
    expect(stepsOf('[09:12] Ana Ruiz: we open the new studio in june\n[09:13] Ana Ruiz: @assistant write a linkedin post about it pls').map(([, agent]) => agent)).toEqual(['social']);
    expect(stepsOf('write the script, tapos thumbnail ideas, si Ana pipili ng thumbnail').map(([, , approval]) => approval)).toEqual([false, true]);
    expect(stepsOf('Write an X thread on the new menu, and remind me to order napkins. thanks!')).toHaveLength(2);
    expect(stepsOf('Start with an outline of the talk and send it to me to okay before the rest, then a post').map(([, , approval]) => approval)).toEqual([true, false]);
  });

  it('makes a new thing a person asks to see first a step with their approval, and reads a document a scene names as what "it" checks', () => {
    expect(stepsOf('I want to see a rough outline first, then write the Facebook post from it')).toEqual([
      ['Draft a rough outline', 'social', true],
      ['Write the Facebook post from the rough outline', 'social', false],
    ]);
    expect(stepsOf("We've been sent this catering contract. Go through it and then email the chef a summary")).toEqual([
      ['Go through this catering contract', 'legal', false],
      ['Email the chef a summary', 'general', false],
    ]);
    // "I want to see the post first" is a check of the post made before, no step of its own.
    expect(stepsOf('Write a post about the open day. I want to see the post first')).toEqual([['Write a post about the open day', 'social', true]]);
  });

  it('keeps a pasted clause under a heading in capitals with its material, and e-mails a reminder whatever it is about', () => {
    const steps = stepsOf('review this supplier agreement and remind me on Monday to reply\n\nSUPPLY AGREEMENT\n4. PAYMENT. Invoices are due in 30 days.\n9. GOVERNING LAW. This Agreement is governed by the laws of Ireland.');
    expect(steps.map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(steps[0][0]).toContain('9. GOVERNING LAW.');
    expect(stepsOf('email me a reminder to file the receipts with the bookkeeper')).toEqual([['Email me a reminder to file the receipts with the bookkeeper', 'general', false]]);
  });

  it('reads a goal in Spanish, French or German: its verbs, its "and", its kinds and a check of the kind it names', () => {
    expect(stepsOf('Escribe un post de Facebook sobre la feria y una imagen del puesto. Marta tiene que aprobar el post.')).toEqual([
      ['Escribe un post de Facebook sobre la feria', 'social', true],
      ['Escribe una imagen del puesto', 'social', false],
    ]);
    expect(stepsOf('Prépare un script pour la vidéo et un dessin de la boutique').map(([, agent]) => agent)).toEqual(['video', 'social']);
    expect(stepsOf('Schreibe einen Beitrag über das Sommerfest und ein Bild dazu').map(([, agent]) => agent)).toEqual(['social', 'social']);
    // An imperative with its pronoun ("envoie-moi") opens a clause; a title in capitals over pasted terms is their material.
    const lease = stepsOf("Relis ce bail et envoie-moi par mail les clauses à revoir\n\nBAIL D'HABITATION\nArticle 2 – Loyer. Le loyer est payable le 5 du mois.");
    expect(lease.map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(lease[0][0]).toMatch(/^Relis ce bail\n/);
    // What a reading found, mailed to someone, is a message: "email me the clauses".
    expect(stepsOf('Go through this NDA and email me the clauses I should push back on').map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(lease[0][0]).toContain("BAIL D'HABITATION\nArticle 2");
  });

  it('reads how a plan is said: "you write", a list numbered inline under its heading, a tone to keep, a reader who decides nothing', () => {
    const written = stepsOf("Outline a post about our new kiln. I'll choose the angle, then you write the post from it");
    expect(written.map(([, agent]) => agent)).toEqual(['social', 'social']);
    expect(written[1][0]).toMatch(/^Write the post from /);
    expect(stepsOf('Open day on Saturday. 1) a Facebook post about it 2) a poster image, Jo approves it 3) a reel of the kilns').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', false],
      ['social', true],
      ['video', false],
    ]);
    expect(stepsOf('Write an email to the landlord asking for the repairs. Keep it polite, he is usually fine')).toEqual([
      ['Write an email to the landlord asking for the repairs (keep it polite, he is usually fine)', 'general', false],
    ]);
    // "she's reading it on the train" says what happens to the output; "she wants to read it first" holds it.
    expect(stepsOf("Summarise the receipts in an email to Ana, she's reading it on the train").map(([, , approval]) => approval)).toEqual([false]);
    expect(stepsOf('Summarise the receipts in an email to Ana, she wants to read it first').map(([, , approval]) => approval)).toEqual([true]);
    expect(stepsOf('Write a post about the kiln; our head potter Maya must sign off on it').map(([, , approval]) => approval)).toEqual([true]);
  });

  it('reads a person named before what is sent them, a reminder in another language, a language asked of an output, a topic by its verb', () => {
    expect(stepsOf('Read this receipt and send Maria a short note with the total').map(([, agent]) => agent)).toEqual(['finance', 'general']);
    expect(stepsOf('Revisa este contrato y recuérdame el lunes llamar al abogado').map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(stepsOf('Write a Facebook post about the summer fair. Welsh and English caption please')).toEqual([
      ['Write a Facebook post about the summer fair (welsh and English caption)', 'social', false],
    ]);
    // A topic said by its verb ("promoting the gig") is the step's own: the next deliverable's topic is not copied in.
    expect(stepsOf('write a reel script promoting the gig, and a radio script for the sponsor')[0][0]).toBe('Write a reel script promoting the gig');
    // "needs my cofounder Ana's sign-off", "a minha sócia tem que aprovar", "ma gérante doit valider": a check on the output.
    expect(stepsOf("Write a blog post and a LinkedIn post. The LinkedIn post needs my cofounder Ana's sign-off").map(([, , approval]) => approval)).toEqual([false, true]);
    expect(stepsOf('Cria um post para o Instagram. Minha sócia tem que aprovar o post.').map(([, , approval]) => approval)).toEqual([true]);
    expect(stepsOf('Écris un post pour Facebook. Ma gérante doit valider le post.').map(([, , approval]) => approval)).toEqual([true]);
  });

  it('reads a check said in another language: I want to see it, show it to me, the object first in German, giving the OK', () => {
    expect(stepsOf("Rédige un post LinkedIn sur le salon, puis envoie-le à Paul. Je veux voir le post moi-même avant qu'il parte.").map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', true],
      ['general', false],
    ]);
    expect(stepsOf('Schreib einen Beitrag über das Hoffest, dann ein Bild dazu. Den Beitrag muss Jana freigeben.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(stepsOf('Escribe un guion para un reel del taller y muéstramelo antes de seguir; luego prepara la miniatura.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['video', true],
      ['video', false],
    ]);
    expect(stepsOf('Prepara un post su Facebook e una foto della vetrina. Giulia deve dare l’ok alla foto prima di pubblicare.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', false],
      ['social', true],
    ]);
  });

  it('reads "extract" in other languages as work, a photo by its other names, and the cover asked after a video as its thumbnail', () => {
    expect(stepsOf('Saca los datos de este ticket y envíaselos a Marta.\n\nFERRETERÍA SOL\nTornillos 3,20\nCinta 2,10\nTOTAL 5,30').map(([, agent]) => agent)).toEqual(['finance', 'general']);
    expect(stepsOf('Erstelle einen Beitrag über den Flohmarkt und ein Foto vom Stand').map(([, agent]) => agent)).toEqual(['social', 'social']);
    expect(stepsOf('Write a reel script about our new ramen, then come up with a cover for it').map(([, agent]) => agent)).toEqual(['video', 'video']);
    expect(stepsOf('Scrivi lo script di un reel sulla vendemmia; poi prepara la copertina.').map(([, agent]) => agent)).toEqual(['video', 'video']);
  });

  it('reads how an output should be, said without a verb, as a note on the step before', () => {
    expect(stepsOf('Write a Facebook post about the open day. Friendly and short, mentioning the free parking.')).toEqual([
      ['Write a Facebook post about the open day (friendly and short, mentioning the free parking)', 'social', false],
    ]);
    expect(stepsOf('Escribe un post para Instagram sobre la feria. Divertido, y con muchos emojis.').map(([, agent]) => agent)).toEqual(['social']);
    // An adjective before a noun names a deliverable: "Quick reminder to Sam" is work.
    expect(stepsOf('Write a LinkedIn post about the move. Quick reminder to Sam to book the van.').map(([, agent]) => agent)).toEqual(['social', 'general']);
  });

  it('reads an ask opened in another language ("necesito", "kannst du") as it is written, with no English verb put before it', () => {
    expect(stepsOf('Necesito un post para Facebook sobre la nueva carta')[0][0]).toBe('Necesito un post para Facebook sobre la nueva carta');
    expect(stepsOf('Könntest du ein Bild vom neuen Laden machen? Ich will’s sehen, bevor es online geht.')).toEqual([
      ['Könntest du ein Bild vom neuen Laden machen', 'social', true],
    ]);
  });

  it('reads "use the outline for a post" as the post made from it, and a German "und" before a verb at the end', () => {
    expect(stepsOf('Outline a blog article on rainwater tanks, then use the outline for an Instagram carousel.')).toEqual([
      ['Outline a blog article on rainwater tanks', 'social', false],
      ['Use the outline for an Instagram carousel', 'social', false],
    ]);
    expect(stepsOf('Bitte den Vertrag prüfen und Herrn Wolf eine kurze Zusammenfassung schicken.\n\nMIETVERTRAG\n1. Die Miete beträgt 900 EUR.').map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(stepsOf('Lê este recibo e depois manda o total ao Rui.\n\nCAFÉ LUSO\nBica 0,80\nTosta mista 3,20\nTOTAL 4,00').map(([, agent]) => agent)).toEqual(['finance', 'general']);
  });

  it('reads a post put in a team channel as a message of its own, and a check on "the script" as on the step that writes it', () => {
    expect(stepsOf('Write a tweet about the new release and then post it in the #product channel on Slack, no need for anyone to check it')).toEqual([
      ['Write a tweet about the new release', 'social', false],
      ['Post the tweet about the new release in the #product channel on Slack based on step 1', 'general', false],
    ]);
    expect(stepsOf('after standup can you write a tweet about the sprint and then post it in the team channel on teams')).toEqual([
      ['Write a tweet about the sprint', 'social', false],
      ['Post the tweet about the sprint in the team channel on teams based on step 1', 'general', false],
    ]);
    expect(stepsOf('Draft the structre of a guide to composting, then write it up as a blog post')[0][1]).toBe('social');
    expect(stepsOf('Bitte den Beitrag schreiben und an presse@hof.de schicken')[1][0]).toBe('An presse@hof.de schicken');
    expect(stepsOf('Write a reel script about our pottery class, then come up with a cover for it, and email both to Jo. Sam has to OK the script before you do the cover.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['video', true],
      ['video', false],
      ['general', false],
    ]);
  });

  it('puts a check on the output it names, whoever "them" is later in the clause; "the analysis" is the reading of the document', () => {
    expect(stepsOf('Review this NDA, then write a short summary for Tom. I want to read the analysis myself first.\n\nNDA\n1. The Recipient shall keep all information secret.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['legal', true],
      ['general', false],
    ]);
    expect(stepsOf('Scrivi lo script di un reel sulla vendemmia; poi prepara la copertina.')[1][0]).toBe('Prepara la copertina for the script di un reel sulla vendemmia');
    expect(stepsOf('Write a Facebook post about the fair, make a banner image, then draft an email to the council. Nothing is sent until Jo has approved the post.').map(([, , approval]) => approval)).toEqual([
      true,
      false,
      false,
    ]);
    expect(stepsOf('Write a Facebook post about the fun run, make a flyer, then send both to the club committee. I want to check the flyer before it goes to them.').map(([, , approval]) => approval)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('reads a check with the object first or a bracketed role, an infinitive of work, and "then the post itself" after a dash', () => {
    expect(stepsOf('Cada viernes: preparar un post con el menú y generar una imagen del plato. La imagen la tiene que aprobar Marta.')).toEqual([
      ['Preparar un post con el menú', 'social', false],
      ['Generar una imagen del plato', 'social', true],
    ]);
    expect(stepsOf('Draft a reply to the landlord. Sam (my solicitor) has to approve the reply before it goes.').map(([, , approval]) => approval)).toEqual([true]);
    expect(stepsOf('Outline a LinkedIn post first - my manager wants to see the outline - then the post itself, and a poster image for the window')).toEqual([
      ['Outline a LinkedIn post first', 'social', true],
      ['Write the post itself', 'social', false],
      ['Make a poster image for the window', 'social', false],
    ]);
  });

  it('reads thanks in other languages as courtesy, a role in brackets after a name, "your review" as the reading, a check in a time clause in other languages', () => {
    const receipt = '\n\nBar Centrale\nCaffè 1,20\nCornetto 1,50\nTOTALE 2,70';
    expect(stepsOf(`Saca los datos de este recibo y luego mándaselos a mi gestor. ¡Gracias!${receipt}`).map(([, agent]) => agent)).toEqual(['finance', 'general']);
    expect(stepsOf(`Lis ce reçu et envoie le total à ma comptable. Merci beaucoup !${receipt}`).map(([, agent]) => agent)).toEqual(['finance', 'general']);
    expect(stepsOf('Ideas for the spring fair:\n- a flyer for the school gate\n- a short Facebook post\n- Mr Okafor (head teacher) has to approve the flyer before it goes up').map(([, , approval]) => approval)).toEqual([true, false]);
    const lease = '\n\nLEASE\n1. Rent is 900 a month.\n2. The landlord may change these terms at any time.';
    expect(stepsOf(`Look over the lease below, then send my sister the key points. I want to go through your assessment myself before anything goes to her.${lease}`).map(([, agent, approval]) => [agent, approval])).toEqual([
      ['legal', true],
      ['general', false],
    ]);
    expect(stepsOf(`Revisa este contrato y, después de que yo apruebe tu análisis, escribe un post para LinkedIn sobre el acuerdo.${lease}`).map(([, agent, approval]) => [agent, approval])).toEqual([
      ['legal', true],
      ['social', false],
    ]);
    expect(stepsOf(`Analyse ce contrat et, une fois que j’aurai validé ton analyse, rédige un e-mail au propriétaire.${lease}`).map(([, agent, approval]) => [agent, approval])).toEqual([
      ['legal', true],
      ['general', false],
    ]);
    expect(stepsOf('Escreve um post sobre a feira e, quando eu aprovar o post, faz uma imagem para o Instagram.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(stepsOf('Schreib einen Beitrag über das Sommerfest und, nachdem ich den Beitrag freigegeben habe, mach ein Bild dazu.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', true],
      ['social', false],
    ]);
  });

  it('reads a goal in Dutch: its verbs, its "en", its kinds, "use it for", a check, and a waived check in any language', () => {
    expect(stepsOf('Schrijf eerst een LinkedIn-bericht over onze nieuwe bakkerij en maak daarna een afbeelding van het brood. Mijn collega Sanne moet het bericht goedkeuren.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', true],
      ['social', false],
    ]);
    const plan = planWorkflow('Maak een opzet voor een blog over zonnepanelen, gebruik die opzet voor een script van vijf minuten en bedenk er een thumbnail bij. Niemand hoeft het goed te keuren.');
    expect(plan.steps.map((step) => [step.agentId, step.requiresApproval])).toEqual([
      ['social', false],
      ['video', false],
      ['video', false],
    ]);
    expect(stepsOf('Lees dit bonnetje en stuur het totaal naar mijn boekhouder.\n\nBakkerij Jansen\nBrood 2,49\nKaas 4,99\nTOTAAL 7,48').map(([, agent]) => agent)).toEqual(['finance', 'general']);
    expect(stepsOf('Ik wil het script eerst zien. Schrijf een script van twee minuten over onze fietsenwinkel.').map(([, agent, approval]) => [agent, approval])).toEqual([['video', true]]);
    expect(stepsOf('Escribe un post sobre la feria del libro. No hace falta que nadie lo apruebe.')).toEqual([['Escribe un post sobre la feria del libro', 'social', false]]);
    expect(stepsOf('Écris un post sur la brocante du quartier, pas besoin de validation.')).toEqual([['Écris un post sur la brocante du quartier', 'social', false]]);
    // "en" joins Dutch clauses only before a verb: the French "en" turns one thing into another.
    expect(stepsOf('Écris un post sur le marché, puis transforme-le en script de reel.').map(([, agent]) => agent)).toEqual(['social', 'video']);
  });

  it('reads a document received in a scene sentence, checks said in new ways, a run-on dictated goal and a bulleted list without a heading', () => {
    const contract = '\n\nCATERING AGREEMENT\n1. The Caterer may cancel at any time without notice.\n2. Fees are non-refundable.';
    const received = stepsOf(`Just got this contract from the caterer. Check it for anything nasty, then text the summary to my partner.${contract}`);
    expect(received.map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(String(received[0][0])).toMatch(/^Check this contract for anything nasty/);
    // A cover "para ese reel" is the reel's thumbnail; a check on "el guion" is on the step that writes the reel's script.
    expect(stepsOf('Cada lunes: el guion de un reel sobre la receta de la semana y una idea de portada para ese reel. Mi hermana tiene que dar el visto bueno al guion.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['video', true],
      ['video', false],
    ]);
    expect(stepsOf('Jeden Montag: ein Facebook-Post mit dem Mittagsmenü, danach eine Rundmail an die Gäste. Den Post will ich vorher sehen.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', true],
      ['general', false],
    ]);
    expect(stepsOf('Ogni venerdì: la scaletta di un articolo sul giardinaggio. La nostra editor Giulia deve approvarla prima della stesura.').map(([, agent, approval]) => [agent, approval])).toEqual([['social', true]]);
    const dictated = stepsOf('so for the spring launch I need a blog outline then a linkedin post about it my boss has to approve the post before it goes live');
    expect(dictated.map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', false],
      ['social', true],
    ]);
    expect(String(dictated[0][0])).not.toMatch(/I need/);
    expect(stepsOf('Write a post about the fete with a picture of the stalls. Jo who runs our committee has to okay the wording before it goes up.').map(([, , approval]) => approval)).toEqual([true, false]);
    const invoice = '\n\nHarbour Plumbing Ltd\nCall-out fee 85.00\nParts 42.50\nTOTAL 127.50';
    expect(stepsOf(`Bill from the plumber below. Get the amounts out, I'll double-check them, then forward it to our bookkeeper.${invoice}`).map(([, agent, approval]) => [agent, approval])).toEqual([
      ['finance', true],
      ['general', false],
    ]);
    expect(stepsOf(`Voici le contrat du traiteur. Signale-moi ce qui pose problème, puis rédige un courriel au traiteur. Je relis le courriel avant qu'il parte.${contract}`).map(([, agent, approval]) => [agent, approval])).toEqual([
      ['legal', false],
      ['general', true],
    ]);
    expect(stepsOf('- every friday afternoon\n- summary of the week in the shop\n- a story graphic with the best photo\n- caption for facebook\n- my manager checks the graphic before it goes up').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['general', false],
      ['social', true],
      ['social', false],
    ]);
  });

  it('reads checks, waivers and asides as people add them: a dash, "me da igual", "just the outline", eyes on it, a thumbs up, examples', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('Every Friday I want an Instagram caption about the week’s best bake, plus a photo to go with it. Sam has to okay the text before it goes up — he’s not bothered about the photo.')).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(approvals('Here is the rental agreement for the van. Check it for risks, then draft a message to the club. I want to read the risk notes myself before anything goes to the club.\n\nVAN HIRE AGREEMENT\n1. The Hirer shall pay £90 a day.\n2. The Owner may end the hire at any time without notice.')).toEqual([
      ['legal', true],
      ['general', false],
    ]);
    expect(approvals('Cada jueves: el guion de un reel sobre el producto de la semana y una idea de portada (miniatura) para ese reel. Mi hermano tiene que aprobar el guion; la portada me da igual.')).toEqual([
      ['video', true],
      ['video', false],
    ]);
    expect(approvals('Chaque lundi : une affiche pour le marché (genre « fraises à 3 € ») et une publication Instagram pour l’accompagner. Pas besoin de me les montrer.')).toEqual([
      ['social', false],
      ['social', false],
    ]);
    expect(approvals('outline for a talk on composting in small flats. just the outline, dont need to show me')).toEqual([['social', false]]);
    expect(approvals('a banner for the summer fete. just the banner, no need to run it past me')).toEqual([['social', false]]);
    expect(approvals('a flyer for the jumble sale, then send it to Pat at pat@example.org no need to show me anything, I trust you').map(([agent]) => agent)).toEqual(['social', 'general']);
    expect(approvals('Écris un post sur la fête, puis transforme-le en script de reel. Marc doit valider le post avant qu’on passe au reel.')).toEqual([
      ['social', true],
      ['video', false],
    ]);
    expect(approvals('Jeden Freitag: ein Skript für ein ca. 4-minütiges Video über die Woche, ein Thumbnail dazu, und zum Schluss eine Mail an die Kunden mit dem Link.').map(([agent]) => agent)).toEqual(['video', 'video', 'general']);
    expect(approvals('Review this NDA and flag the risky bits, then draft a reply to the agency — I want eyes on that reply before it goes.\n\nNDA\n1. The Recipient shall keep all information secret forever.')).toEqual([
      ['legal', false],
      ['general', true],
    ]);
    expect(approvals('every day at noon: a picture of the soup of the day + a caption for facebook. like today leek and potato, tomorrow who knows. no approval needed')).toEqual([
      ['social', false],
      ['social', false],
    ]);
    expect(approvals('On the 1st of each month: draft an outline for a blog post on budgeting, and once I’ve given it the green light, turn it into a LinkedIn post.')).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(approvals('Each Monday:\n• a reel script about the new menu\n• an Instagram caption\n• then WhatsApp the script to Leo so he can film\nI’ll look over the script before Leo gets it.')).toEqual([
      ['video', true],
      ['social', false],
      ['general', false],
    ]);
    expect(approvals('For episode 3 of our show (Kitchen Table Money, ~15 min, guest is a credit-union manager from Leeds) I need: the episode script, a thumbnail idea and an X thread announcing it. Dee edits the show and she signs off on the script and the thread before anything goes out.')).toEqual([
      ['video', true],
      ['video', false],
      ['social', true],
    ]);
  });

  it('reads a receipt under a request with its tax line, a check said with the object first or in the passive, "gives it a once-over", "file this under"', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('log this for me and send it to Ana on whatsapp\n\nCIRCLE K NAAS\nVAT No. IE 1234567X\nPETROL 60,00\nTOTAL EUR 60,00')).toEqual([
      ['finance', false],
      ['general', false],
    ]);
    expect(approvals('Cada lunes: guion de un reel con el menú de la semana y una miniatura para el vídeo. El guion lo apruebo yo antes de grabar.')).toEqual([
      ['video', true],
      ['video', false],
    ]);
    expect(approvals('Pour notre chaîne : un script de vidéo sur la TVA, puis un concept de miniature. La miniature doit être validée par notre associée avant publication.')).toEqual([
      ['video', false],
      ['video', true],
    ]);
    expect(approvals('fridays at 4 - write the script for the weekly video (about 8 min), Raj gives it a once-over before we film. then a tweet about it')).toEqual([
      ['video', true],
      ['social', false],
    ]);
    expect(approvals('Team lunch with the suppliers today — file this under hospitality and remind me Monday to claim it\n\nBISTRO LUNA\n2 x Soup 12.00\nTOTAL 12.00').map(([agent]) => agent)).toEqual(['finance', 'general']);
    expect(approvals('I need a poster for the fair, an outline for a blog post about it, and then text all of it to Sam so he can print it.').map(([agent]) => agent)).toEqual(['social', 'social', 'general']);
    // A check on what an output shows ("anything with our logo") is on the latest picture; "goes past Tom first" is his check.
    expect(approvals('A flyer for the quiz night and a post about it. Anything with our logo on it goes past Tom first, he looks after the brand.')).toEqual([
      ['social', true],
      ['social', false],
    ]);
  });

  it('reads a brief written as a form under its heading: "when:" and "what:" are the goal\'s fields, not pasted text', () => {
    const goal = 'Monthly round-up for the allotment society:\n- when: the first Saturday of each month\n- what: a list of jobs for the plots from the rota\n- plus a short Instagram post about what is ready to pick';
    expect(askOfGoal(goal)).toBe(goal);
    expect(stepsOf(goal).map(([, agent]) => agent)).toEqual(['general', 'social']);
    // A line saying when it repeats is the goal's too.
    const listed = 'Allotment page:\n- Tuesdays and Saturdays, 7am\n- one Instagram post about what to sow this week';
    expect(askOfGoal(listed)).toBe(listed);
    expect(planWorkflow(goal).steps.map((step) => step.description)).toEqual(['Write a list of jobs for the plots from the rota', 'Write a short Instagram post about what is ready to pick']);
  });

  it('gives a picture to the video agent only when it is part of a video, not when it announces one elsewhere', () => {
    const agents = (goal: string) => stepsOf(goal).map(([, agent]) => agent);
    expect(agents('Record the narration for our boat tour video and make a poster for the harbour office promoting the video.')).toEqual(['video', 'social']);
    expect(agents('Maak een flyer voor de balie die onze nieuwe video aankondigt.')).toEqual(['social']);
    expect(agents('Make a picture for this week\'s episode and a caption about it.')).toEqual(['video', 'social']);
  });

  it('keeps a polite ask in French or Dutch as written, with no English verb put before it', () => {
    expect(stepsOf('Pouvez-vous préparer une affiche pour la fête du quartier ?')).toEqual([['Pouvez-vous préparer une affiche pour la fête du quartier', 'social', false]]);
    expect(stepsOf('Zou je een flyer kunnen maken voor de open dag?')).toEqual([['Zou je een flyer kunnen maken voor de open dag', 'social', false]]);
  });

  it('reads leave to let an output go, and a waiver of seeing it, in English, Portuguese and Dutch as no step', () => {
    expect(stepsOf('every friday write an instagram post about the week\'s new plants. just let them go live')).toEqual([['Write an instagram post about the week\'s new plants', 'social', false]]);
    expect(stepsOf('Escreve um post para o Facebook sobre a feira de sábado. Não precisa de me mostrar, pode avançar.').map(([, agent, approval]) => [agent, approval])).toEqual([['social', false]]);
    expect(stepsOf('Maak een poster voor de open dag. Die hoef ik niet te zien.').map(([, agent, approval]) => [agent, approval])).toEqual([['social', false]]);
  });

  it('reads a written piece named with no verb before "then" as the first ask, not as the scene, in English and Dutch', () => {
    expect(stepsOf('For the surgery: a list of tomorrow\'s appointments, then an email to the nurses with the rota').map(([, agent]) => agent)).toEqual(['general', 'general']);
    expect(stepsOf('Een overzicht van de bestellingen van vandaag, en daarna een Facebook-bericht over de aanbieding').map(([, agent]) => agent)).toEqual(['general', 'social']);
    // A sentence stating something is still the scene.
    expect(stepsOf('A new menu starts on Monday, then write a LinkedIn post about it').map(([, agent]) => agent)).toEqual(['social']);
  });

  it('reads checks said in other languages with a role set off, "show me … first", the object first in Italian, and "ping me before it goes live"', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('Cada viernes un guion para el reel de la tienda. Andrés, el chico que lo edita, tiene que dar el visto bueno al guion.')).toEqual([['video', true]]);
    expect(approvals('Rédige une lettre aux parents pour la sortie au zoo. Montrez-moi la lettre avant de l\'envoyer.')).toEqual([['general', true]]);
    expect(approvals('Bitte ein Plakat für das Hoffest und einen Beitrag für Facebook. Das Plakat zeigst du mir bitte vorher.')).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(approvals('Scrivi un post sul mercatino di Natale e crea una locandina. La locandina la deve approvare il mio socio Marco.')).toEqual([
      ['social', false],
      ['social', true],
    ]);
    expect(approvals('write a tweet about the open day and make a flyer for it. buzz me b4 the tweet goes out')).toEqual([
      ['social', true],
      ['social', false],
    ]);
  });

  it('reads a greeting and a contract shown in French or Spanish as the material the next ask reads, naming its parts', () => {
    expect(stepsOf('Bonjour, voici le contrat du traiteur. Peux-tu l\'analyser et me signaler les clauses risquées, puis écrire un mail au traiteur ?').map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(stepsOf('Hola, aquí está el contrato del local. ¿Puedes revisarlo y decirme qué cláusulas son peligrosas?')).toEqual([['Puedes revisarlo y decirme qué cláusulas son peligrosas', 'legal', false]]);
  });

  it('reads what the team is doing now as the scene, and a new thing after "I\'ll pick" as the next ask', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('making a youtube video about fixing a dripping tap. need the voice-over script, then a poster for the window')).toEqual([
      ['video', false],
      ['social', false],
    ]);
    expect(approvals('a poster for the jumble sale, give me three options and I will choose, and an email to the volunteers')).toEqual([
      ['social', true],
      ['general', false],
    ]);
  });

  it('reads checks said as "run everything past", "both need her go-ahead", "let him have a look at", a waiver of one output, and a check naming a message beside a kind', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('An outline for the talk, a flyer and an email to members. Run everything past Priya before it goes anywhere.')).toEqual([
      ['social', true],
      ['social', true],
      ['general', true],
    ]);
    expect(approvals('Write a LinkedIn post and a short reel script about the new van. Both need Kemal\'s go-ahead.')).toEqual([
      ['social', true],
      ['video', true],
    ]);
    expect(approvals('Make a poster for the swap shop and write a caption for it. Let Oona have a look at the poster before it goes up.')).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(approvals('an outline of the AGM and a post about it. the outline needs Tomasz\'s sign-off, the post doesn\'t')).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(approvals('a reel script and a caption for it. Jo approves the script, the caption\'s fine without')).toEqual([
      ['video', true],
      ['social', false],
    ]);
    expect(approvals('make a banner and write text message to the members about it. I want to see the banner first, and the message too')).toEqual([
      ['social', true],
      ['general', true],
    ]);
  });

  it('reads a contract under its title as pasted material, shown by whoever sent it, and a wish after the scene as no step', () => {
    const goal = 'A venue sent me this for our summer ball. Please go through it for anything risky, then draft a reply to Petra.\n\nVenue Hire Agreement\n1. The Hirer shall pay a deposit of £500.\n2. The Venue may cancel at any time without notice.';
    expect(stepsOf(goal).map(([, agent]) => agent)).toEqual(['legal', 'general']);
    expect(askOfGoal(goal)).toBe('A venue sent me this for our summer ball. Please go through it for anything risky, then draft a reply to Petra.');
    expect(stepsOf('We are opening a second workshop in May and want to get the word out to local schools. I need a poster and a Facebook post.').map(([, agent]) => agent)).toEqual(['social', 'social']);
  });

  it('reads an ask taken back ("scratch that") as no step, and a correction ("actually make that a reel") as the step before changed', () => {
    expect(stepsOf('Write a LinkedIn post about the award. I was going to ask for a flyer as well but scratch that, the printer does those.').map(([, agent]) => agent)).toEqual(['social']);
    const changed = planWorkflow('Write a YouTube script about descaling a kettle, about eight minutes. actually make that a reel, 30 seconds tops. Then a caption for it.').steps;
    expect(changed.map((step) => step.agentId)).toEqual(['video', 'social']);
    expect(changed[0].description).toMatch(/reel/i);
  });

  it('reads outputs let go and waivers without an article, remarks on last time and no rush, a name with where they work, and "after," as an order', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('A poster for the plant sale and a post about it. Tomás from accounts must check the poster, last time the prices were wrong. Post can just go.')).toEqual([
      ['social', true],
      ['social', false],
    ]);
    expect(approvals('Write the episode script and a reel from it. Script needs my ok. Reel doesn\'t need a look. No rush.')).toEqual([
      ['video', true],
      ['video', false],
    ]);
    expect(approvals('Write a short summary of the board meeting. After, draft an email to the trustees with it.')).toEqual([
      ['general', false],
      ['general', false],
    ]);
    expect(stepsOf('I need an outline for the workshop, with the sections and the key points for each one, then an email to the host.').map(([, agent]) => agent)).toEqual(['social', 'general']);
  });

  it('reads checks and waivers in French, Spanish and German said as who decides, passing it on first, or not needing it', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('Propose-moi trois idées de miniature pour la vidéo, c\'est moi qui choisirai. Ensuite un post Instagram.')).toEqual([
      ['video', true],
      ['social', false],
    ]);
    expect(approvals('Redacta el post de la semana y un mensaje para los clientes. El post se lo pasas antes a Marta. El mensaje no hace falta que nadie lo mire.')).toEqual([
      ['social', true],
      ['general', false],
    ]);
    expect(approvals('Jeden Montag einen Beitrag über die Baustelle und ein Bild dazu. Freigabe von mir brauchst du nicht.')).toEqual([
      ['social', false],
      ['social', false],
    ]);
  });

  it('keeps a quotation whole, reads a wish to push something as the purpose, and Portuguese lists, checks and outputs let go', () => {
    expect(stepsOf('I want to push something for the open mic. A reel script ending on our line "Come down, bring a friend, bring a song!" and a poster.').map(([, agent]) => agent)).toEqual(['video', 'social']);
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('Preciso de duas coisas: primeiro uma lista das encomendas da semana, depois um post para o Facebook. O Rui tem de dar o ok ao post; a lista pode seguir direto.')).toEqual([
      ['general', false],
      ['social', true],
    ]);
  });

  it('reads a time corrected mid-goal as no step, a Dutch "moet er naar kijken" as a check, and "the rest is fine to go out as is" as a waiver', () => {
    expect(stepsOf('Every Friday at 5pm email the volunteers the weekend rota. Actually make that 4, people leave early.').map(([, agent]) => agent)).toEqual(['general']);
    expect(stepsOf('Maak een poster voor de braderie. Anouk moet er even naar kijken voordat hij gedrukt wordt.')).toEqual([['Maak een poster voor de braderie', 'social', true]]);
    expect(stepsOf('A flyer for the fun run and a LinkedIn post. Dev will want to read the flyer first. The rest is fine to go out as is.').map(([, agent, approval]) => [agent, approval])).toEqual([
      ['social', true],
      ['social', false],
    ]);
  });

  it('reads an output let go straight out in the third person ("el mensaje puede salir directamente", "le courriel peut partir directement") as a waiver', () => {
    const approvals = (goal: string) => stepsOf(goal).map(([, agent, approval]) => [agent, approval]);
    expect(approvals('Cada jueves un post de Facebook con el menú y un mensaje para los socios. El post se lo pasas antes a Lola; el mensaje puede salir directamente.')).toEqual([
      ['social', true],
      ['general', false],
    ]);
    expect(approvals('Une affiche pour la kermesse et un courriel aux parents. Le courriel peut partir directement.')).toEqual([
      ['social', false],
      ['general', false],
    ]);
  });
});
