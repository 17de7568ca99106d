import type { NetworkAction } from '@web/lib/network-action';
import { Button, type ButtonProps } from './button';

interface NetworkButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The action's network state (lib/network-action). */
  network: NetworkAction;
  /** Runs when online; offline the reason is said instead. */
  onPress: () => void;
  /** The button's class while offline (it stays pressable, to say why), in place of `className`. */
  offlineClassName?: string;
  /** The class of the reason shown under the button while offline. */
  reasonClassName?: string;
}

/** A button whose action needs the server right now: offline it is aria-disabled and says why (lib/network-action). */
export function NetworkButton({ network, onPress, offlineClassName, reasonClassName, className, ...button }: NetworkButtonProps) {
  const offline = !network.available;
  return (
    <>
      <Button
        {...button}
        aria-disabled={offline || undefined}
        aria-describedby={offline ? network.reasonId : undefined}
        className={offline ? offlineClassName : className}
        onClick={() => network.run(onPress)}
      />
      {offline && (
        <p id={network.reasonId} className={reasonClassName}>
          {network.reason}
        </p>
      )}
    </>
  );
}
