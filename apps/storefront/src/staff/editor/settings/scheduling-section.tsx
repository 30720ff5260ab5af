import { storeLocalTime } from '@comanda/domain';
import { featureTranslator, type MessageKey } from '../../../lib/i18n.ts';
import { NumberField, Toggle } from '../fields.tsx';
import { bindSettings, SectionForm, type SettingSetter, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import { dayStartTimes, firstOpenWeekday } from './scheduling-model.ts';
import './settings-screens.css';
import { pageStoreTimeZone } from '../../../lib/store-time-zone.ts';

const useSchedulingT = featureTranslator({
  pt_br: {
    title: 'Agendamento',
    intro:
      'Com o agendamento, o cliente escolhe um horário de hoje ou amanhã, dentro dos turnos da loja e a partir do tempo de entrega, e pode pedir mesmo com a loja fechada.',
    active: 'Agendamento ativo',
    activeHint: 'Liga o agendamento na loja.',
    allows: 'Aceitar pedidos agendados',
    allowsHint:
      'Desligue para parar de receber agendamentos por um tempo, sem mexer no resto. Os clientes só agendam com as duas chaves ligadas.',
    on: 'Assim, os clientes podem agendar pedidos.',
    off: 'Assim, os clientes não veem o agendamento.',
    step: 'Intervalo entre horários',
    stepHint: 'De 5 a 240 minutos, contados da abertura de cada turno.',
    capacity: 'Pedidos por horário',
    capacityHint: 'Vazio: sem limite. Um horário cheio deixa de ser oferecido.',
    minutes: 'min',
    example: 'Exemplo dos horários oferecidos, {day}:',
    exampleMore: '… e mais {count}',
    noHours: 'A loja não tem turnos: não há horários para agendar. Configure em Horários.',
  },
  en: {
    title: 'Scheduling',
    intro:
      'With scheduling, customers pick a time today or tomorrow, within the store’s shifts and from the delivery time on, and can order even while the store is closed.',
    active: 'Scheduling on',
    activeHint: 'Turns scheduling on for the store.',
    allows: 'Take scheduled orders',
    allowsHint:
      'Turn off to stop taking scheduled orders for a while, keeping the rest. Customers can schedule only with both switches on.',
    on: 'So customers can schedule orders.',
    off: 'So customers do not see scheduling.',
    step: 'Time between start times',
    stepHint: '5 to 240 minutes, counted from the opening of each shift.',
    capacity: 'Orders per time',
    capacityHint: 'Empty: no limit. A full time is no longer offered.',
    minutes: 'min',
    example: 'Example of the times offered, {day}:',
    exampleMore: '… and {count} more',
    noHours: 'The store has no shifts: there are no times to schedule. Set them in Opening hours.',
  },
});

const EXAMPLE_TIMES = 8;

type SchedulingKey =
  | 'agendamento_ativo'
  | 'permite_agendamento'
  | 'schedule_step_minutes'
  | 'schedule_capacity';

/** Whether customers may schedule orders, every how many minutes, and how many per time (section `scheduling`). */
export default function SchedulingSection({ onDirty }: SectionProps) {
  const t = useSchedulingT();
  const { draft, setSetting, form } = useSectionForm('scheduling', onDirty);
  const set: SettingSetter<SchedulingKey> = setSetting;
  const settings = draft.settings;
  const bind = bindSettings(settings, set);
  const on = settings.agendamento_ativo && settings.permite_agendamento;
  const day = firstOpenWeekday(draft.hours, storeLocalTime(new Date(), pageStoreTimeZone()).weekday);
  const times = day === null ? [] : dayStartTimes(draft.hours, day, settings.schedule_step_minutes);
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')}>
      <Toggle label={t('active')} hint={t('activeHint')} {...bind.toggle('agendamento_ativo')} />
      <Toggle label={t('allows')} hint={t('allowsHint')} {...bind.toggle('permite_agendamento')} />
      <p className="settings-provider" data-missing={on ? undefined : true}>
        {t(on ? 'on' : 'off')}
      </p>
      <div className="editor-row">
        <NumberField
          label={t('step')}
          hint={t('stepHint')}
          path="settings.schedule_step_minutes"
          value={settings.schedule_step_minutes}
          onChange={(value) => set('schedule_step_minutes')(value ?? 0)}
          min={0}
          max={1440}
          suffix={t('minutes')}
        />
        <NumberField
          label={t('capacity')}
          hint={t('capacityHint')}
          {...bind.field('schedule_capacity')}
          min={0}
        />
      </div>
      {day === null ? (
        <p className="editor-hint">{t('noHours')}</p>
      ) : (
        <div className="settings-example">
          <p className="editor-hint">
            {t('example', { day: t(`weekday${day}` as MessageKey).toLowerCase() })}
          </p>
          <p className="settings-times">
            {times.slice(0, EXAMPLE_TIMES).join(' · ')}
            {times.length > EXAMPLE_TIMES
              ? ` ${t('exampleMore', { count: times.length - EXAMPLE_TIMES })}`
              : ''}
          </p>
        </div>
      )}
    </SectionForm>
  );
}
