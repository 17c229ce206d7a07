import { PRODUCT_NAME } from '@dcbrief/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SignInForm } from './sign-in-form';

/** Sign-in for returning subscribers, opened from the waitlist dialog's "Already a subscriber? Sign in". */
export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign in to {PRODUCT_NAME}</DialogTitle>
          <DialogDescription>Enter your email and we'll send you a secure sign-in link and code. No password needed.</DialogDescription>
        </DialogHeader>
        <SignInForm onSignedIn={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
