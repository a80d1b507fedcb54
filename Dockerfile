# Production image: Node 22, compiled app, production dependencies only.
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-slim
# A font for the offline model's image cards (rendered with resvg).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
# The young generation capped at 6 MB per semi-space: see docs/decisions/per-request-overhead.md, "Memory".
CMD ["node", "--max-semi-space-size=6", "dist/src/main.js"]
