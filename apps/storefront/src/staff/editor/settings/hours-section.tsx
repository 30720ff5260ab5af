import type { DocumentShift } from '@comanda/contract';
import { STORE_TIME_ZONE_CHOICES, type StoreTimeZone, storeLocalTime } from '@comanda/domain';
import { useId, useState } from 'react';
import { featureTranslator, type MessageKey } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/preferences.ts';
import { SelectField, TextField, Toggle, useIssue } from '../fields.tsx';
import { SectionForm, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import {
  addHoliday,
  addShift,
  clockOf,
  closeDay,
  copyDay,
  DAYS,
  dateFromTyped,
  holidayLabel,
  removeHoliday,
  removeShift,
  setShiftTime,
  shiftNote,
  shiftsOfDay,
  shiftsOverlap,
  typedClock,
  typedDate,
  WEEK,
  WORKDAYS,
} from './hours-model.ts';
import './settings-screens.css';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';

const useHoursT = featureTranslator({
  pt_br: {
    title: 'Horários',
    intro:
      'Quando a loja recebe pedidos, no fuso horário da loja. Até dois turnos por dia; um dia sem turnos fica fechado.',
    closedSwitchHint: 'Fechado o dia todo',
    shift: '{n}º turno',
    shiftOf: '{day}, {n}º turno',
    opens: 'Abre',
    closes: 'Fecha',
    addSecond: '+ 2º turno',
    addSecondOf: 'Adicionar o 2º turno de {day}',
    removeShift: 'Remover turno',
    removeShiftOf: 'Remover o {n}º turno de {day}',
    overnight: 'Passa da meia-noite: fica aberto até {end} do dia seguinte.',
    empty: 'Abre e fecha no mesmo horário: este turno nunca abre.',
    allDay: 'Aberto o dia todo.',
    overlap: 'Os turnos se sobrepõem: a loja fica aberta de um ao outro sem parar.',
    copy: 'Copiar para…',
    copyOf: 'Copiar os horários de {day} para outros dias',
    copyLegend: 'Copiar os horários de {day} para',
    workdays: 'Segunda a sexta',
    allWeek: 'Todos os dias',
    copyApply: 'Copiar',
    copyCancel: 'Cancelar',
    copied: 'Horários de {day} copiados para {count} dias.',
    copied_one: 'Horários de {day} copiados para {count} dia.',
    holidayRowHint: 'Valem nas datas da lista de feriados abaixo, no lugar do dia da semana.',
    timeZone: 'Fuso horário da loja',
    timeZoneHint: 'Os horários, os agendamentos e os relatórios seguem o relógio desta cidade.',
    holidaysTitle: 'Datas de feriado',
    holidaysIntro:
      'Nestas datas valem os horários de "Feriados" acima (sem turnos lá, a loja fica fechada nesses dias).',
    holidaysNone: 'Nenhum feriado na lista.',
    holidayDate: 'Data do feriado',
    dateHint: 'Dia/mês/ano, como 25/12/2026.',
    dateBad: 'Data inválida: use dia/mês/ano, como 25/12/2026.',
    addHoliday: 'Adicionar feriado',
    removeHolidayOf: 'Remover o feriado de {date}',
    past: 'já passou',
  },
  en: {
    title: 'Opening hours',
    intro:
      'When the store takes orders, in the store’s time zone. Up to two shifts a day; a day without shifts is closed.',
    closedSwitchHint: 'Closed all day',
    shift: 'Shift {n}',
    shiftOf: '{day}, shift {n}',
    opens: 'Opens',
    closes: 'Closes',
    addSecond: '+ 2nd shift',
    addSecondOf: 'Add the 2nd shift of {day}',
    removeShift: 'Remove shift',
    removeShiftOf: 'Remove shift {n} of {day}',
    overnight: 'Crosses midnight: open until {end} the next day.',
    empty: 'Opens and closes at the same time: this shift never opens.',
    allDay: 'Open all day.',
    overlap: 'The shifts overlap: the store stays open from one to the other.',
    copy: 'Copy to…',
    copyOf: 'Copy the hours of {day} to other days',
    copyLegend: 'Copy the hours of {day} to',
    workdays: 'Monday to Friday',
    allWeek: 'Every day',
    copyApply: 'Copy',
    copyCancel: 'Cancel',
    copied: 'Hours of {day} copied to {count} days.',
    copied_one: 'Hours of {day} copied to {count} day.',
    holidayRowHint: 'They apply on the dates of the holiday list below, instead of the weekday.',
    timeZone: 'Store time zone',
    timeZoneHint: 'Opening hours, scheduling and reports follow the clock of this city.',
    holidaysTitle: 'Holiday dates',
    holidaysIntro:
      'On these dates the "Holidays" hours above apply (without shifts there, the store is closed on them).',
    holidaysNone: 'No holidays listed.',
    holidayDate: 'Holiday date',
    dateHint: 'Day/month/year, like 25/12/2026.',
    dateBad: 'Not a date: use day/month/year, like 25/12/2026.',
    addHoliday: 'Add holiday',
    removeHolidayOf: 'Remove the holiday of {date}',
    past: 'past',
  },
});
type HoursT = ReturnType<typeof useHoursT>;

const dayName = (t: HoursT, day: number) => t(`weekday${day}` as MessageKey);

/** Opening hours per weekday and for holidays, and the holiday dates (section `hours`). */
export default function HoursSection({ onDirty }: SectionProps) {
  const t = useHoursT();
  const { draft, update, editPart, form } = useSectionForm('hours', onDirty);
  const [copied, setCopied] = useState('');
  const setHours = editPart('hours');
  const setTimeZone = (timeZone: StoreTimeZone) =>
    update((document) => ({ ...document, settings: { ...document.settings, time_zone: timeZone } }));
  const setHolidays = (change: (holidays: string[]) => string[]) =>
    update((document) => ({
      ...document,
      settings: { ...document.settings, holidays: change(document.settings.holidays) },
    }));
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')}>
      <TimeZoneField value={draft.settings.time_zone} onChange={setTimeZone} t={t} />
      {DAYS.map((day) => (
        <DayHours
          key={day}
          day={day}
          hours={draft.hours}
          setHours={setHours}
          onCopied={(count) => setCopied(t('copied', { day: dayName(t, day), count }))}
        />
      ))}
      <p className="sr-only" role="status">
        {copied}
      </p>
      <Holidays holidays={draft.settings.holidays} setHolidays={setHolidays} />
    </SectionForm>
  );
}

/** Brazil's zones by the cities people know; a zone of Brazil outside the short list stays offered. */
function TimeZoneField({
  value,
  onChange,
  t,
}: {
  value: StoreTimeZone;
  onChange: (zone: StoreTimeZone) => void;
  t: HoursT;
}) {
  const language = useLanguage();
  const options = STORE_TIME_ZONE_CHOICES.map(({ zone, label }) => ({
    value: zone,
    label: label[language],
  }));
  if (!options.some((option) => option.value === value)) options.push({ value, label: value });
  return (
    <SelectField
      label={t('timeZone')}
      hint={t('timeZoneHint')}
      path="settings.time_zone"
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}

function DayHours({
  day,
  hours,
  setHours,
  onCopied,
}: {
  day: number;
  hours: DocumentShift[];
  setHours: (change: (hours: DocumentShift[]) => DocumentShift[]) => void;
  onCopied: (count: number) => void;
}) {
  const t = useHoursT();
  const headingId = useId();
  const [copying, setCopying] = useState(false);
  const shifts = shiftsOfDay(hours, day);
  const name = dayName(t, day);
  const open = shifts.length > 0;
  const overlap = shiftsOverlap(shifts.map(({ shift }) => shift));
  return (
    <section className="editor-group hours-day" aria-labelledby={headingId}>
      <h3 id={headingId} className="sr-only">
        {name}
      </h3>
      <Toggle
        label={name}
        hint={day === 7 ? t('holidayRowHint') : open ? undefined : t('closedSwitchHint')}
        checked={open}
        onChange={(checked) => setHours((list) => (checked ? addShift(list, day) : closeDay(list, day)))}
      />
      {shifts.map(({ index, shift }) => (
        <ShiftRow
          key={shift.turno}
          index={index}
          shift={shift}
          dayLabel={name}
          paired={shifts.length > 1}
          setHours={setHours}
        />
      ))}
      {overlap ? <p className="editor-hint settings-note">{t('overlap')}</p> : null}
      <div className="editor-actions">
        {open && shifts.length < 2 ? (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={t('addSecondOf', { day: name })}
            onClick={() => setHours((list) => addShift(list, day))}
          >
            {t('addSecond')}
          </button>
        ) : null}
        {day !== 7 ? (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-expanded={copying}
            aria-label={t('copyOf', { day: name })}
            onClick={() => setCopying((value) => !value)}
          >
            {t('copy')}
          </button>
        ) : null}
      </div>
      {copying ? (
        <CopyDay
          day={day}
          onCancel={() => setCopying(false)}
          onCopy={(targets) => {
            setHours((list) => copyDay(list, day, targets));
            setCopying(false);
            onCopied(targets.length);
          }}
        />
      ) : null}
    </section>
  );
}

function ShiftRow({
  index,
  shift,
  dayLabel,
  paired,
  setHours,
}: {
  index: number;
  shift: DocumentShift;
  dayLabel: string;
  /** One of two shifts: named on screen, and removable on its own. */
  paired: boolean;
  setHours: (change: (hours: DocumentShift[]) => DocumentShift[]) => void;
}) {
  const t = useHoursT();
  const note = shiftNote(shift);
  const setTime = (key: 'hr_inicio' | 'hr_fim') => (value: string) =>
    setHours((list) => setShiftTime(list, index, key, typedClock(value)));
  const rowIssue = useIssue(`hours.${index}`);
  return (
    <fieldset className="settings-shift">
      <legend className={paired ? undefined : 'sr-only'}>
        <span aria-hidden="true">{t('shift', { n: shift.turno })}</span>
        <span className="sr-only">{t('shiftOf', { day: dayLabel, n: shift.turno })}</span>
      </legend>
      <div className="editor-row">
        <TextField
          label={t('opens')}
          inputMode="numeric"
          maxLength={5}
          path={`hours.${index}.hr_inicio`}
          value={clockOf(shift.hr_inicio)}
          onChange={setTime('hr_inicio')}
        />
        <TextField
          label={t('closes')}
          inputMode="numeric"
          maxLength={5}
          path={`hours.${index}.hr_fim`}
          value={clockOf(shift.hr_fim)}
          onChange={setTime('hr_fim')}
        />
      </div>
      {note ? <p className="editor-hint settings-note">{t(note, { end: clockOf(shift.hr_fim) })}</p> : null}
      {rowIssue ? <p className="editor-issue">{rowIssue}</p> : null}
      {paired ? (
        <button
          type="button"
          className="button button-secondary button-small settings-remove"
          aria-label={t('removeShiftOf', { n: shift.turno, day: dayLabel })}
          onClick={() => setHours((list) => removeShift(list, shift.dia_semana, shift.turno))}
        >
          {t('removeShift')}
        </button>
      ) : null}
    </fieldset>
  );
}

function CopyDay({
  day,
  onCopy,
  onCancel,
}: {
  day: number;
  onCopy: (targets: number[]) => void;
  onCancel: () => void;
}) {
  const t = useHoursT();
  const [targets, setTargets] = useState<number[]>([]);
  const others = [...WEEK.filter((other) => other !== day), 7];
  const toggle = (other: number, checked: boolean) =>
    setTargets((list) => (checked ? [...list, other] : list.filter((value) => value !== other)));
  return (
    <fieldset className="settings-copy">
      <legend>{t('copyLegend', { day: dayName(t, day) })}</legend>
      <div className="editor-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setTargets(WORKDAYS.filter((other) => other !== day))}
        >
          {t('workdays')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setTargets(WEEK.filter((other) => other !== day))}
        >
          {t('allWeek')}
        </button>
      </div>
      <div className="settings-checks">
        {others.map((other) => (
          <label key={other} className="settings-check">
            <input
              type="checkbox"
              checked={targets.includes(other)}
              onChange={(event) => toggle(other, event.target.checked)}
            />
            {dayName(t, other)}
          </label>
        ))}
      </div>
      <div className="editor-actions">
        <button type="button" className="button button-secondary button-small" onClick={onCancel}>
          {t('copyCancel')}
        </button>
        <button
          type="button"
          className="button button-primary button-small"
          disabled={targets.length === 0}
          onClick={() => onCopy(targets)}
        >
          {t('copyApply')}
        </button>
      </div>
    </fieldset>
  );
}

function Holidays({
  holidays,
  setHolidays,
}: {
  holidays: string[];
  setHolidays: (change: (holidays: string[]) => string[]) => void;
}) {
  const t = useHoursT();
  const language = useLanguage();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const date = dateFromTyped(typed);
  const listIssue = useIssue('settings.holidays');
  const today = storeLocalTime(new Date(), pageStoreTimeZone()).dateISO;
  return (
    <section className="editor-group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('holidaysTitle')}</h3>
      <p className="editor-hint">{t('holidaysIntro')}</p>
      {holidays.length === 0 ? (
        <p className="staff-muted">{t('holidaysNone')}</p>
      ) : (
        <ul className="settings-list">
          {holidays.map((holiday, index) => (
            <HolidayItem
              key={holiday}
              index={index}
              label={holidayLabel(holiday, language)}
              past={holiday < today}
              onRemove={() => setHolidays((list) => removeHoliday(list, holiday))}
            />
          ))}
        </ul>
      )}
      {listIssue ? <p className="editor-issue">{listIssue}</p> : null}
      <div className="editor-row settings-add-row">
        <TextField
          label={t('holidayDate')}
          hint={typed && !date ? t('dateBad') : t('dateHint')}
          inputMode="numeric"
          maxLength={10}
          value={typed}
          onChange={(value) => setTyped(typedDate(value))}
        />
        <button
          type="button"
          className="button button-secondary"
          disabled={!date}
          onClick={() => {
            if (date) setHolidays((list) => addHoliday(list, date));
            setTyped('');
          }}
        >
          {t('addHoliday')}
        </button>
      </div>
    </section>
  );
}

function HolidayItem({
  index,
  label,
  past,
  onRemove,
}: {
  index: number;
  label: string;
  past: boolean;
  onRemove: () => void;
}) {
  const t = useHoursT();
  const issue = useIssue(`settings.holidays.${index}`);
  return (
    <li className="settings-list-item">
      <span>
        {label}
        {past ? <span className="staff-muted"> ({t('past')})</span> : null}
        {issue ? <span className="editor-issue settings-block">{issue}</span> : null}
      </span>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={t('removeHolidayOf', { date: label })}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}
