import { useNavigate } from 'react-router';
import { useChatInputStore } from '../../chat/chat-input.store';

/**
 * Opens a new chat with a prompt in its message box, for the user to adjust and send: the landing's example prompts
 * are not sent as they are (docs/reference/home-and-help.md (Home)). Signed out, the chat sends the user to sign in
 * first and the box keeps the prompt.
 */
export function useStartChat() {
  const navigate = useNavigate();
  const fill = useChatInputStore((s) => s.fill);
  return (prompt: string) => {
    fill(prompt);
    void navigate('/c/new');
  };
}
