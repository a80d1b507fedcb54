import { suggestSchedule, withoutSchedulePhrases } from './schedule-phrases.js';
import { startCpuClock } from '../../test/helpers/cpu-clock.js';

describe('schedule phrases', () => {
  it.each([
    // Days, lists and ranges of days, with times.
    ['Every Monday at 11 AM, write a post', '0 11 * * 1', null],
    ['Every Monday and Thursday at 2:00 PM, draft a tweet', '0 14 * * 1,4', null],
    ['Twice a week (Tuesdays and Fridays at 3pm) write an X thread', '0 15 * * 2,5', null],
    ['On Mondays and Thursdays, write a post', '0 9 * * 1,4', null],
    ['Every Monday through Friday at 7:45 write a tip', '45 7 * * 1-5', null],
    ['every mon-fri at 6pm post a recap', '0 18 * * 1-5', null],
    ['Every weekday at 10:00 AM write a caption', '0 10 * * 1-5', null],
    ['every business day at 8 write a summary', '0 8 * * 1-5', null],
    ['Every weekend at 10 write a post', '0 10 * * 0,6', null],
    ['Every Monday, Wednesday and Friday at 7:15 a.m. write a tip', '15 7 * * 1,3,5', null],
    // Times: am/pm, noon, midnight, parts of the day, several times.
    ['Every Sunday at noon, write a reel script', '0 12 * * 0', null],
    ['Every day at midnight summarise the logs', '0 0 * * *', null],
    ['Each morning at 8:30 write a short X post', '30 8 * * *', null],
    ['Each morning, read the receipts', '0 9 * * *', null],
    // A number right after "every day" in Portuguese and Spanish ("todo dia 5", "cada día 20 a las 10") is the date.
    ['todo dia 12 às 7h, enviar o relatório de vendas', '0 7 12 * *', null],
    ['Cada día 20 del mes, revisar las facturas', '0 9 20 * *', null],
    ['look at the stock levels every 3 hrs', '0 */3 * * *', null],
    ['Am letzten Tag jedes Monats um 18 Uhr die Kasse abrechnen', '0 18 L * *', null],
    // A bare frequency said of something else ("every single month") gives way to the phrase with its day.
    ['Invoices go missing every single month. On the 3rd of each month at 9.15 am remind the clients', '15 9 3 * *', null],
    // A weekday corrected later in the goal.
    ["every friday write the safety tip post. actually no make it thursday, fridays are mad", '0 9 * * 4', null],
    // A time corrected later in the goal, in the same half of the day.
    ['Every weekday at 6:30am text the crew the jobs. Actually make that 7, nobody reads it earlier.', '0 7 * * 1-5', null],
    ['Every Friday at 5pm email the rota. actually make it 4', '0 16 * * 5', null],
    // "the end of every month", said more precisely after it, and a time to have it by.
    ['At the end of every month, namely the last Thursday, by 5pm, a summary of the fuel costs', '0 17 * * 4L', null],
    ['at the end of each month send the stock count', '0 9 L * *', null],
    // Dutch "half negen" is half past eight, "'s avonds" the evening.
    ["Elke dinsdag om half zeven 's avonds een post over de training", '30 18 * * 2', null],
    // A deadline said apart from a recurrence with no time is when the work runs.
    ['Every Thursday, write up the delivery schedule for the drivers. It needs to be ready by 6:45am.', '45 6 * * 4', null],
    ['On the last day of the month draft the rent reminders, done before 5pm', '0 17 L * *', null],
    // Dutch: "elke", "werkdag", days, "om" before the hour and "uur" after it, days joined to a part of the day.
    ['Elke werkdag om 8:15 de planning van de monteurs rondsturen', '15 8 * * 1-5', null],
    ['iedere dinsdag en vrijdag om 16 uur een bericht voor de klanten', '0 16 * * 2,5', null],
    ['Elke zaterdagochtend een post over de markt', '0 9 * * 6', null],
    // German dates: the ordinal's full stop, "am" before each date, and "jeweils" (each time) after a list of them.
    ['Jedes Jahr am 15. März und am 15. September um 10 Uhr die Reifen-Erinnerung schicken', '0 10 15 3,9 *', null],
    ['Am 2. April und am 2. Oktober jeweils um 7 Uhr den Kunden schreiben', '0 7 2 4,10 *', null],
    // A bare frequency gives way to a later phrase naming its days.
    ['the newsletter is monthly and goes out on the last tuesday of the month, around 9am. write the intro', '0 9 * * 2L', null],
    // A phrase describing something else gives way to the one saying when to work.
    ["i'm doing the stock count by hand every day right now. can it run every weekday at 6.45am?", '45 6 * * 1-5', null],
    ['we have a rota that changes every week and nobody reads it. on the first friday of every month, post it to the team', '0 9 * * 5#1', null],
    // Dates of the year after "every", and months in other languages; "1º" and "1er" are the first.
    ['todo dia 15 de abril e 15 de outubro, enviar o lembrete do IPVA', '0 9 15 4,10 *', null],
    ['chaque année le 1er juin et le 1er décembre, relancer les adhérents', '0 9 1 6,12 *', null],
    ['el 10 de enero y el 10 de julio de cada año, revisar el seguro', '0 9 10 1,7 *', null],
    ['every 30th of June send the year-end reminder', '0 9 30 6 *', null],
    ['every day at 6 check the till', '0 6 * * *', null],
    ['Every Friday afternoon at 4, write a wrap-up post', '0 16 * * 5', null],
    ['Every Friday evening write a recap', '0 18 * * 5', null],
    ['Every day at 9am and 5pm write a status post', '0 9,17 * * *', null],
    // An hour's part of the day as its meridiem; bare hours listed in the day's order; a dash before the times.
    ['twice a day: 7 in the morning and 4 in the afternoon, water the seedlings', '0 7,16 * * *', null],
    ['Every Saturday, 10 in the morning, write a market-day post', '0 10 * * 6', null],
    ['every weekday at 11 at night back up the photos', '0 23 * * 1-5', null],
    ['Twice a day at 8 and 4 check the orders', '0 8,16 * * *', null],
    ['three times a day — 8, 12 and 5 — post a queue update', '0 8,12,17 * * *', null],
    ['at 7am every Tuesday write a post', '0 7 * * 2', null],
    ['Daily: make a picture', '0 9 * * *', null],
    // The clock in words.
    ['Every Tuesday at half past seven in the evening, write a recap', '30 19 * * 2', null],
    ['On weekdays at a quarter past 8, summarise the inbox', '15 8 * * 1-5', null],
    ['Every Sunday at quarter to eleven in the morning write a post', '45 10 * * 0', null],
    ['Every Monday at six in the evening draft a tweet', '0 18 * * 1', null],
    ['Each Friday at ten am write a thread', '0 10 * * 5', null],
    // Every N hours / minutes / weeks / days.
    ['Every 4 hours check the receipts', '0 */4 * * *', null],
    ['every hour summarise the mentions', '0 * * * *', null],
    ['Every 15 minutes check the feed', '*/15 * * * *', null],
    ['Weekly on Mondays: write a post', '0 9 * * 1', null],
    ['Once a week on Thursday at 10 write a post', '0 10 * * 4', null],
    // Ordinals of the month.
    ['On the 15th of every month at 5pm, write a reminder', '0 17 15 * *', null],
    ['On the first day of every month at 10 AM write a recap', '0 10 1 * *', null],
    ['On the 1st and 15th of each month write an invoice reminder', '0 9 1,15 * *', null],
    ['Monthly on the 20th write a report', '0 9 20 * *', null],
    ['On the 5th and the 20th of each month, chase the unpaid invoices', '0 9 5,20 * *', null],
    // Quarters; a day and a part of the day in the plural.
    ['At the beginning of each quarter, write the investor update', '0 9 1 1,4,7,10 *', null],
    ['quarterly at 10am summarise the sales', '0 10 1 1,4,7,10 *', null],
    ['quarterly newsletter - the 1st of Jan, Apr, Jul and Oct at 7 in the morning', '0 7 1 1,4,7,10 *', null],
    ['On the 15th of March and September, remind me to service the boiler', '0 9 15 3,9 *', null],
    ['weekend mornings, post the farmers market stalls', '0 9 * * 0,6', null],
    ['Friday afternoons (Dublin time) write the weekly wrap', '0 14 * * 5', 'Europe/Dublin'],
    ['Monday evenings at 7 send the rota', '0 19 * * 1', null],
    ['Every first Monday at 9am Europe/Paris, write a newsletter', '0 9 * * 1#1', 'Europe/Paris'],
    ['On the first Monday of every month write a newsletter', '0 9 * * 1#1', null],
    ['first monday of every month, 10am: write a newsletter intro', '0 10 * * 1#1', null],
    ['On the second Wednesday of each month, draft a post', '0 9 * * 3#2', null],
    ['On the last Friday of the month at 5pm write a recap', '0 17 * * 5L', null],
    ['On the last day of the month at 6pm summarise the spending', '0 18 L * *', null],
    // The clock as it is said, "around" a time, days joined by a texted "n" before a part of the day in the plural.
    ['weekdays at eight fifteen in the morning send me the traffic news', '15 8 * * 1-5', null],
    ['every day at six forty-five pm post the sunset photo', '45 18 * * *', null],
    ['On the 1st of each month around noon, send the rent reminder', '0 12 1 * *', null],
    ['fri n sat nights post the dj lineup', '0 20 * * 5,6', null],
    ['On the last Friday of each quarter write the investor update', '0 9 * 1,4,7,10 5L', null],
    // Dates of the year: one day of the month in the months named.
    ['Twice a year (1 April and 1 October) at 8am, write the boiler service reminder', '0 8 1 4,10 *', null],
    ['every year on the 14th of February write a valentines post', '0 9 14 2 *', null],
    ['Annually on June 21st at 6pm, post the solstice walk invite', '0 18 21 6 *', null],
    ['On 5 May and 5 November each year, draft the rent review letter', '0 9 5 5,11 *', null],
    // Time zones.
    ['Every Monday at 9am America/New_York write a post', '0 9 * * 1', 'America/New_York'],
    ['Every Monday at 9am Tokyo time write a post', '0 9 * * 1', 'Asia/Tokyo'],
    ['Every day at 8 (UTC) write a digest', '0 8 * * *', 'UTC'],
    ['Every day at 8am ET write a digest', '0 8 * * *', 'America/New_York'],
    // A range of days repeats without "every"; a bare day number between "the" and "of" is the day of the month.
    ['Tuesday to Thursday at 4pm, post the class timetable', '0 16 * * 2-4', null],
    ['on the 20 of each month remind me about the payroll', '0 9 20 * *', null],
    // The same words in Spanish, French, German, Italian and Portuguese, alone or in an English goal.
    ['cada martes a las 7 de la tarde, un post con el menú', '0 19 * * 2', null],
    ['todos los sábados por la mañana write the market post', '0 9 * * 6', null],
    ['el 3 de cada mes, revisar las facturas', '0 9 3 * *', null],
    ['de martes a sábado a las 11, un reel', '0 11 * * 2-6', null],
    ['chaque jeudi à 17h30, un post pour la newsletter', '30 17 * * 4', null],
    ['le premier mercredi du mois, prépare le bilan', '0 9 * * 3#1', null],
    ['tous les jours à midi et 18h, une story', '0 12,18 * * *', null],
    ['jeden Freitag abends einen Beitrag schreiben', '0 18 * * 5', null],
    ['von Dienstag bis Donnerstag um 10 Uhr ein Post', '0 10 * * 2-4', null],
    ['ogni lunedì alle 8 un post', '0 8 * * 1', null],
    ['ogni giovedì a mezzogiorno un post', '0 12 * * 4', null],
    ['todos los miércoles a mediodía, una story', '0 12 * * 3', null],
    ['toda quinta-feira às 20h um reel', '0 20 * * 4', null],
    // "day 10 of each month" is the 10th; a German day joined to its time of day ("Montagmorgen") is both.
    ['on day 10 of each month send the invoice reminders', '0 9 10 * *', null],
    ['el día 28 de cada mes, cerrar la caja', '0 9 28 * *', null],
    ['jeden Freitagnachmittag den Wochenrückblick posten', '0 14 * * 5', null],
    ['immer Montagmorgen um 8 die Einsatzliste schicken', '0 8 * * 1', null],
    // Days listed with a time repeat; listed without one they are dates ("finds no schedule" below).
    ['Monday, Wednesday and Friday at noon: post the soup of the day', '0 12 * * 1,3,5', null],
    ['martes y jueves a las 8, publicar la oferta', '0 8 * * 2,4', null],
    // The misspellings of "every" people type fast.
    ['evry tuesday at 3pm post the quiz question', '0 15 * * 2', null],
    ['evrey sunday night plan the week', '0 20 * * 0', null],
    // Days joined by "+" list as "and" does; days after a daily recurrence keep it to those days.
    ['Tue + Fri 6:15pm (GMT): share the training plan', '15 18 * * 2,5', 'UTC'],
    ['each morning, Monday to Thursday, post the bakery’s first batch', '0 9 * * 1-4', null],
    ['every night from Wednesday to Sunday write the closing-time story', '0 20 * * 0,3-6', null],
    ['every 2 hours Monday to Friday, check the mentions', '0 */2 * * 1-5', null],
    // "half six" is half past six, as said in Britain; "todos los", "tous les" are "every"; a part of the day after its article.
    ['Weekday evenings at half six, post the specials board', '30 18 * * 1-5', null],
    ['Todos los sábados por la noche, una story con la música del bar', '0 20 * * 6', null],
    ['tous les lundis matin, un point sur les ventes', '0 9 * * 1', null],
    ['Il primo lunedì di ogni mese, nel pomeriggio, la newsletter dei soci', '0 14 * * 1#1', null],
    ['every Saturday at night, a story about the DJ line-up', '0 20 * * 6', null],
    // Two dates of the month or more, with "on" or a time, repeat monthly; a single "on the 5th" may be one date.
    ['on the 5th and the 20th at 8:15am, remind the cleaners about the invoice', '15 8 5,20 * *', null],
    ['Los lunes y miércoles al mediodía, una story con el plato del día', '0 12 * * 1,3', null],
    // A range written with an en dash; the French "l'après-midi"; the German last day of the month in one word.
    ['Tue–Thu at half eight in the morning, post the road report', '30 8 * * 2-4', null],
    ['Chaque premier lundi du mois, l’après-midi, un post sur les nouveautés', '0 14 * * 1#1', null],
    ['Jeden Monatsletzten die Abrechnung an die Buchhaltung schicken', '0 9 L * *', null],
  ])('reads "%s" as %s (%s)', (goal, expression, timezone) => {
    expect(suggestSchedule(goal)).toMatchObject({ expression, timezone });
  });

  it.each([
    ['Every 2 weeks on Monday at 9 AM, write a newsletter', 'Every 2 weeks on Monday at 9 AM', /cannot count weeks/],
    ['Every other week write a recap', 'Every other week', /cannot count weeks/],
    ['every second Tuesday write a post', 'every second Tuesday', /cannot count weeks/],
    ['Fortnightly, write a recap', 'Fortnightly', /cannot count weeks/],
    ['Every 3 days write a tip', 'Every 3 days', /cannot count days/],
    ['Every 5 hours check the mentions', 'Every 5 hours', /would not stay 5 hours apart/],
    ['Every 2 months write a report', 'Every 2 months', /counts months from January/],
    ['Twice a week write an X thread', 'Twice a week', /does not name the 2 days/],
    ['Twice a day write a tip', 'Twice a day', /does not name the 2 times/],
    ['On the last working day of the month send the report', 'On the last working day of the month', /last working day/],
    ['Every year write our anniversary post', 'Every year', /yearly/],
    ['Twice a year write the newsletter', 'Twice a year', /does not name the 2 dates/],
    ['Twice a year, on 3 March and 17 September, write the appeal', 'Twice a year, on 3 March and 17 September', /different days of the month/],
    ['cada dos semanas, un post', 'cada dos semanas', /cannot count weeks/],
    ['toutes les deux semaines, un post', 'toutes les deux semaines', /cannot count weeks/],
    ['No último dia útil de cada mês, enviar o relatório de vendas', 'último dia útil de cada mês', /last working day/],
    ['el último día hábil de cada mes a las 18h, cerrar la caja', 'el último día hábil de cada mes a las 18', /last working day/],
  ])('refuses "%s", naming "%s" and why', (goal, phrase, reason) => {
    const schedule = suggestSchedule(goal);
    expect(schedule).toMatchObject({ expression: null, phrase });
    expect(schedule?.expression === null && schedule.reason).toMatch(reason);
  });

  it.each([
    'Write a LinkedIn post about our Q3 results',
    'Write a post about our weekly product news',
    'Write a caption about our daily special',
    'Draft three tweet variations announcing our webinar on March 5th',
    'Write a post for Monday about the launch',
    'Plan next week’s content, each post about one feature',
    'Make a 5 minute YouTube script',
    'Outline the first LinkedIn post',
    'Make five thirty-second clips of the match',
    'Write a post on Monday and Friday about the sale',
    'This Monday and Tuesday at 9, remind me to call the bank',
    'On the 5th at 8am, remind me about the dentist',
    // Plural days after "to" are what something changed to, not when to work.
    'The gym switched spin classes to Wednesdays; write a post about it',
    // Days a place is open are its opening times, not when to work.
    'Print a sign for the door with the winter opening hours (Wed–Sun, 10–4)',
    "We're open Thursdays to Saturdays now, make a banner saying so",
  ])('finds no schedule in "%s"', (goal) => {
    expect(suggestSchedule(goal)).toBeNull();
  });

  it.each([
    ['Every Monday, write a post', 'write a post'],
    ['Twice a week (Tuesdays and Fridays at 3pm) write an X thread', 'write an X thread'],
    ['Write a recap on the last Friday of the month at 5pm Europe/Paris.', 'Write a recap.'],
    ['Every 2 weeks on Monday at 9 AM, write a newsletter', 'write a newsletter'],
    ['El día 12 de cada mes, manda el informe', 'manda el informe'],
    ['On day 3 of every month, check the stock list', 'check the stock list'],
    // The lines pasted under a request stay lines.
    ['Every Monday review these clauses:\n\n4.1 Fees are due in 10 days.\n  4.2 Late fees apply.', 'review these clauses:\n\n4.1 Fees are due in 10 days.\n4.2 Late fees apply.'],
    ['Review these clauses\n\n\n\n1. Term .', 'Review these clauses\n\n1. Term.'],
    ["Chaque lundi à 9h, écris un post sur l'atelier", "écris un post sur l'atelier"],
    // The full stop after "am" ends the sentence.
    ['the shop opens every day at 8am. each time write a short caption', 'the shop opens. each time write a short caption'],
  ])('leaves the phrase out of "%s"', (goal, rest) => {
    expect(withoutSchedulePhrases(goal)).toBe(rest);
  });

  it('reads in linear time: 100 KB of day names, ordinals and numbers', () => {
    for (const unit of ['every monday, ', 'the 1st and ', 'at 9 and ', 'every ', '( ', 'twice a week ', ' ', ' \t', 'cada primer lunes de ', 'lundi et ', 'après-midi ', 'el 5 de ']) {
      const text = unit.repeat(Math.ceil(100_000 / unit.length));
      const cpu = startCpuClock();
      suggestSchedule(text);
      withoutSchedulePhrases(text);
      expect(cpu.ms(), unit).toBeLessThan(1000);
    }
  });
});
