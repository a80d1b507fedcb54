import { inEnglishWords } from './words-in-other-languages.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

describe('inEnglishWords', () => {
  it.each([
    ['Necesito un guion para el vídeo', 'Necesito un script para el video'],
    ['un texto para la voz en off', 'un texto para la voice-over'],
    ['Bitte prüfe die GEHEIMHALTUNGSVEREINBARUNG', 'Bitte prüfe die NDA'],
    ['der Dienstleistungsvertrag und die Nutzungsvereinbarung', 'der contract und die agreement'],
    ['une légende pour la photo', 'une caption pour la photo'],
    ['ใบเสร็จ ร้านกาแฟ', 'receipt ร้านกาแฟ'],
    ['El Cliente abonará la cuota y el Proveedor entregará el equipo', 'El client shall la cuota y el supplier shall el equipo'],
  ])('reads "%s" as "%s"', (text, english) => {
    expect(inEnglishWords(text)).toBe(english);
  });

  it('leaves English words alone, and a word only where it stands whole', () => {
    const english = 'Write a caption for the image, then a script for the video and a ticket reply about the bail';
    expect(inEnglishWords(english)).toBe(english);
    // "Bild" inside "Bildung", "contrato" inside "subcontratos": no word of the table.
    expect(inEnglishWords('Bildung und subcontratos')).toBe('Bildung und subcontratos');
    // A past tense without its accent ("era") is no duty.
    expect(inEnglishWords('La casa era grande')).toBe('La casa era grande');
  });

  it('reads 100 KB in linear time', () => {
    for (const unit of ['voz en off ', 'a'.repeat(50) + ' ', 'Vertrag', 'ä', ' \u00a0 ']) {
      const text = unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);
      const cpu = startCpuClock();
      inEnglishWords(text);
      expect(cpu.ms(), unit).toBeLessThan(1000);
    }
  });
});
