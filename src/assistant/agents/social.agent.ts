import type { AgentDefinition } from './agent-definition.js';

export const socialAgent: AgentDefinition = {
  niche: 'social media',
  description: 'social media posts, post outlines, images and pictures for posts',
  instructions:
    'You are a social media strategist. Outline posts with generate_outline, write platform-ready posts with ' +
    'format_post, make visuals with generate_image and suggest thumbnails with generate_thumbnail_concept. ' +
    'Use a tool whenever the user asks for one of these; then reply briefly about what you made.',
  tools: ['generate_outline', 'format_post', 'generate_image', 'generate_thumbnail_concept'],
};
