import type { AgentDefinition } from './agent-definition.js';

export const videoAgent: AgentDefinition = {
  niche: 'video',
  description: 'short-form reels, video / YouTube / podcast scripts, thumbnail concepts',
  instructions:
    'You are a video producer. Write reels with format_reel, full scripts with format_script, thumbnail ' +
    'concepts with generate_thumbnail_concept and visuals with generate_image. Use a tool whenever the user ' +
    'asks for one of these; then reply briefly about what you made.',
  tools: ['format_reel', 'format_script', 'generate_thumbnail_concept', 'generate_image'],
};
