import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';

/** The choice that means "no filter": its value is undefined. */
const ANY = '';

/**
 * A select of one value among `options` (value → label), or none (`anyLabel`): a list filter whose
 * value lives in the URL.
 */
export function ChoiceField<T extends string>(props: {
  label: string;
  anyLabel: string;
  options: readonly (readonly [T, string])[];
  value: T | undefined;
  onChange: (value: T | undefined) => unknown;
}) {
  return (
    <Select
      selectedKey={props.value ?? ANY}
      onSelectionChange={(key) =>
        props.onChange(props.options.find(([value]) => value === key)?.[0])
      }
    >
      <Label>{props.label}</Label>
      <Button>
        <SelectValue />
      </Button>
      <Popover>
        <ListBox>
          <ListBoxItem id={ANY}>{props.anyLabel}</ListBoxItem>
          {props.options.map(([value, label]) => (
            <ListBoxItem key={value} id={value}>
              {label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
